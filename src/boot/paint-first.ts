// A prerendered slide paints before the app is even fetched: the page's inline script asks for the app's modules once
// the faces the slide preloads have arrived, the page's HTML is parsed (faces can arrive first: Chromium may hold the
// parser while the preloads start) and a frame has shown the slide in them. Until then the slide's HTML,
// styles and glyphs have the connection and the main thread to themselves; keys pressed meanwhile are held
// (EARLY_KEYS_SCRIPT) and carried out once the app listens. The deck's faces style sheet, linked disabled (never
// fetched before the first paint), is turned on first (LATER_FACES_ATTRIBUTE): the app loads the neighbours' slices
// through its rules.
import { READER_MAX_WIDTH } from '../logic/reader'
import { FACE_ARRIVED_ATTRIBUTE, LATER_FACES_ATTRIBUTE } from '../../shared/fonts'
import { STORAGE_KEYS } from '../../shared/storage-keys'

/**
 * The inline script that loads the app (`entry`, with `modules` preloaded beside it) after the page's first painted
 * frame. It starts at once when the page may open as the reader instead (asked for in the address, chosen before, or
 * a narrow portrait window, read without forcing a layout: the app decides and moves there before anything else is
 * drawn), when the page is hidden (no frame comes then), and when a face fails (the slide is drawn in the fallback).
 * A face that arrived before the script ran (a cached one) is known by the mark its link set (FACE_ARRIVED_ATTRIBUTE):
 * its load event has fired already and would be waited for in vain. Where the browser reports paint timing, "a frame
 * has shown the slide" is its first contentful paint itself: a frame after the faces arrived may still be drawn
 * before the text is laid out in them (faces are set up from the preload as the text needs them).
 */
/**
 * How long after its faces are in and a frame has passed a page waits for its first contentful paint before it
 * starts the app anyway (a slide with nothing to paint never reports one).
 */
export const NOTHING_PAINTED_MS = 1000

export function paintFirstScript(entry: string, modules: string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  return `(function(){var started=false;function start(){if(started)return;started=true;var h=document.head;[].forEach.call(document.querySelectorAll('[${LATER_FACES_ATTRIBUTE}]'),function(s){s.disabled=false});${json(modules)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${json(entry)};h.appendChild(s)}
var reader=/[?&]view=reader(&|$)/.test(location.search);try{reader=reader||/reader/.test(localStorage.getItem(${json(STORAGE_KEYS.view)})||'')}catch(e){}
if(reader||matchMedia('(max-width:${READER_MAX_WIDTH - 0.02}px) and (orientation:portrait)').matches||document.hidden)return start();
document.addEventListener('visibilitychange',start,{once:true});
function painted(){if(document.readyState==='loading')return document.addEventListener('DOMContentLoaded',painted,{once:true});var P=typeof PerformanceObserver!=='undefined'&&PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){var o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(start,0)}});o.observe({type:'paint',buffered:true});requestAnimationFrame(function(){setTimeout(start,${NOTHING_PAINTED_MS})});return}
requestAnimationFrame(function(){setTimeout(start,0)})}
var faces=[].slice.call(document.querySelectorAll('link[rel="preload"][as="font"]')),waiting=faces.length;
function arrived(){if(--waiting===0)(document.fonts?document.fonts.ready:Promise.resolve()).then(painted,start)}
function settle(how){if(how==='error')start();else arrived()}
if(!waiting)painted();else faces.forEach(function(l){var how=l.getAttribute(${json(FACE_ARRIVED_ATTRIBUTE)});if(how)settle(how);else{l.addEventListener('load',function(){settle('load')});l.addEventListener('error',function(){settle('error')})}})})()`
}
