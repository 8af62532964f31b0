// The deck parser's public address (parseDeck, parseRangeString): the parser itself lives in shared/parser/.
export * from '../shared/parser/parse.ts'
