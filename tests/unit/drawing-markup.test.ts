import { describe, expect, it } from 'vitest'
import { cleanAttribute, isDrawingTag, parseSavedDrawings, savedDrawings } from '../../src/logic/drawing-markup'

describe('drawing markup rules', () => {
  it.each([
    ['path', true],
    ['line', true],
    ['g', true],
    ['marker', true],
    ['ellipse', true],
    ['script', false],
    ['foreignObject', false],
    ['image', false],
    ['a', false],
    ['use', false],
    ['animate', false],
    ['set', false],
    ['style', false],
  ])('<%s> may appear in a drawing: %s', (tag, allowed) => {
    expect(isDrawingTag(tag)).toBe(allowed)
  })

  const cases: [string, string, string | null][] = [
    ['d', 'M 1,2 C 3,4 5,6 7,8 Z', 'M 1,2 C 3,4 5,6 7,8 Z'],
    ['d', 'M 1 2 javascript:alert(1)', null],
    ['x1', '12.50', '12.50'],
    ['x1', '1e3', '1e3'],
    ['x1', 'calc(1px)', null],
    ['stroke', '#ff595e', '#ff595e'],
    ['fill', 'transparent', 'transparent'],
    ['fill', 'url(#grad)', null],
    ['fill', 'rgb(1, 2, 3)', 'rgb(1, 2, 3)'],
    ['stroke-width', '4', '4'],
    ['stroke-linecap', 'round', 'round'],
    ['stroke-linecap', 'expression(alert(1))', null],
    ['stroke-dasharray', '4 2', '4 2'],
    ['marker-end', 'url(#abc-123)', 'url(#abc-123)'],
    ['marker-end', 'url(https://evil.example/x.svg#a)', null],
    ['marker-end', 'url(#a) url(#b)', null],
    ['id', 'a1b2-c3', 'a1b2-c3'],
    ['id', '68c79181-6adc-3d4b-432a-1959ac03523d', '68c79181-6adc-3d4b-432a-1959ac03523d'], // drauu's arrowhead ids
    ['id', '-abc', null],
    ['marker-end', 'url(#68c79181-6adc)', 'url(#68c79181-6adc)'],
    ['id', 'a" onload="x', null],
    ['onload', 'alert(1)', null],
    ['onerror', 'alert(1)', null],
    ['href', '#x', null],
    ['xlink:href', 'javascript:alert(1)', null],
    ['style', 'background:url(x)', null],
    ['data-drauu_index', '3', '3'],
    ['data-drauu_index', 'x', null],
    ['orient', 'auto', 'auto'],
    ['viewBox', '0 -5 10 10', '0 -5 10 10'],
  ]
  it.each(cases)('%s="%s" → %s', (name, value, kept) => {
    expect(cleanAttribute(name, value)).toBe(kept)
  })

  it('scopes ids and the marker references to them', () => {
    expect(cleanAttribute('id', 'abc', 'snap1-')).toBe('snap1-abc')
    expect(cleanAttribute('marker-end', 'url(#abc)', 'snap1-')).toBe('url(#snap1-abc)')
    expect(cleanAttribute('stroke', 'red', 'snap1-')).toBe('red')
  })
})

describe('saved drawings', () => {
  it.each([
    [null, {}],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['"text"', {}],
    ['null', {}],
    ['{"1":"<path/>","3":"<line/>"}', { 1: '<path/>', 3: '<line/>' }],
    ['{"0":"<path/>","-1":"<path/>","1.5":"<path/>","abc":"<path/>","2":""}', {}],
    ['{"2":42,"4":{"a":1},"5":"<rect/>"}', { 5: '<rect/>' }],
    ['{"123456":"<path/>"}', {}],
  ])('%s → %o', (raw, expected) => {
    expect(parseSavedDrawings(raw)).toEqual(expected)
  })
  it('leaves cleared slides out of what is saved', () => {
    expect(savedDrawings({ 1: '<path/>', 2: '', 3: '<line/>' })).toEqual({ 1: '<path/>', 3: '<line/>' })
  })
})
