// tesseract.js's browser build as an ES module; its types are the package's own.
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  import type Tesseract from 'tesseract.js';
  const T: typeof Tesseract;
  export default T;
}
