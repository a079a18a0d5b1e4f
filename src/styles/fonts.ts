// The bundled UI font. A plain module, not a .css.ts file: vanilla-extract evaluates .css.ts files at
// build time and drops their side-effect CSS imports, so the @font-face rules must come from here.
import '@fontsource-variable/inter'
