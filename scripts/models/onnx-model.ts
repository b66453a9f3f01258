import { ProtoWriter } from './protobuf-writer';

/** The subset of the ONNX IR (onnx.proto) that a small transformer encoder needs. */

export const ElemType = { FLOAT: 1, INT8: 3, INT64: 7, FLOAT16: 10 } as const;
export type ElemType = (typeof ElemType)[keyof typeof ElemType];

export interface OnnxTensor {
  name: string;
  elemType: ElemType;
  dims: number[];
  /** Little-endian element bytes, as ONNX `raw_data`. */
  raw: Uint8Array;
}

export type OnnxAttribute = { kind: 'int'; value: number } | { kind: 'ints'; value: number[] } | { kind: 'float'; value: number };

export interface OnnxNode {
  opType: string;
  inputs: string[];
  outputs: string[];
  name: string;
  attributes?: Record<string, OnnxAttribute>;
}

/** A graph input or output; string dims are symbolic (e.g. 'batch_size'). */
export interface OnnxValueInfo {
  name: string;
  elemType: ElemType;
  dims: Array<number | string>;
}

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

export interface OnnxModelMeta {
  irVersion: number;
  opsetVersion: number;
  producerName: string;
  docString?: string;
}

// AttributeProto.AttributeType values.
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

function encodeTensor(t: OnnxTensor): ProtoWriter {
  const w = new ProtoWriter();
  for (const d of t.dims) w.varint(1, d);
  w.varint(2, t.elemType).string(8, t.name).bytes(9, t.raw);
  return w;
}

function encodeAttribute(name: string, a: OnnxAttribute): ProtoWriter {
  const w = new ProtoWriter().string(1, name);
  if (a.kind === 'float') w.float(2, a.value).varint(20, ATTR_FLOAT);
  else if (a.kind === 'int') w.varint(3, a.value).varint(20, ATTR_INT);
  else {
    for (const v of a.value) w.varint(8, v);
    w.varint(20, ATTR_INTS);
  }
  return w;
}

function encodeNode(n: OnnxNode): ProtoWriter {
  const w = new ProtoWriter();
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name).string(4, n.opType);
  for (const [name, a] of Object.entries(n.attributes ?? {})) w.message(5, encodeAttribute(name, a));
  return w;
}

function encodeValueInfo(v: OnnxValueInfo): ProtoWriter {
  const shape = new ProtoWriter();
  for (const d of v.dims) {
    const dim = typeof d === 'number' ? new ProtoWriter().varint(1, d) : new ProtoWriter().string(2, d);
    shape.message(1, dim);
  }
  const tensorType = new ProtoWriter().varint(1, v.elemType).message(2, shape);
  return new ProtoWriter().string(1, v.name).message(2, new ProtoWriter().message(1, tensorType));
}

function encodeGraph(g: OnnxGraph): ProtoWriter {
  const w = new ProtoWriter();
  for (const n of g.nodes) w.message(1, encodeNode(n));
  w.string(2, g.name);
  for (const t of g.initializers) w.message(5, encodeTensor(t));
  for (const i of g.inputs) w.message(11, encodeValueInfo(i));
  for (const o of g.outputs) w.message(12, encodeValueInfo(o));
  return w;
}

/** Serialises a ModelProto in the default ('ai.onnx') operator set. */
export function encodeOnnxModel(graph: OnnxGraph, meta: OnnxModelMeta): Uint8Array {
  const opset = new ProtoWriter().string(1, '').varint(2, meta.opsetVersion);
  const w = new ProtoWriter().varint(1, meta.irVersion).string(2, meta.producerName);
  if (meta.docString) w.string(6, meta.docString);
  return w.message(7, encodeGraph(graph)).message(8, opset).finish();
}
