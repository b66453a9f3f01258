/**
 * Vector arithmetic: dot products and cosine similarities of unit vectors, packing rows into one
 * array, and int8 quantisation of rows and back.
 */
export { dot, neighbourSimilarities, normalize, packRows } from './cosine';
export { dequantizeRows, quantizeInto, quantizeRow, quantizeRows } from './quantize';
export type { QuantizedRows } from './quantize';
