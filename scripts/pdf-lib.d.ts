// pdf-lib's prebuilt ESM bundle (loads faster than its CommonJS entry) has the package's own types.
declare module 'pdf-lib/dist/pdf-lib.esm.min.js' {
  export * from 'pdf-lib'
}
