import { ElemType, type OnnxAttribute, type OnnxGraph, type OnnxNode, type OnnxTensor, type OnnxValueInfo } from './onnx-model';
import { float16Bytes, float32Bytes, int64Bytes, int8Bytes, quantizeInt8 } from './tensor-bytes';

/**
 * How float weights are stored in the file. The graph always computes in fp32:
 * fp16 weights go through Cast, int8 weights through DequantizeLinear (weight-only quantisation).
 */
export type WeightStorage = 'fp32' | 'fp16' | 'int8';

/** Accumulates nodes and initializers; every helper returns the name of the value it produces. */
export class GraphBuilder {
  private readonly nodes: OnnxNode[] = [];
  private readonly initializers: OnnxTensor[] = [];
  private counter = 0;

  constructor(private readonly storage: WeightStorage) {}

  op(opType: string, inputs: string[], attributes?: Record<string, OnnxAttribute>, output?: string): string {
    const id = this.counter++;
    const out = output ?? `${opType.toLowerCase()}_${id}`;
    this.nodes.push({ opType, inputs, outputs: [out], name: `${opType}_${id}`, attributes });
    return out;
  }

  int64(name: string, values: number[], dims: number[] = [values.length]): string {
    this.initializers.push({ name, elemType: ElemType.INT64, dims, raw: int64Bytes(values) });
    return name;
  }

  float(name: string, values: ArrayLike<number>, dims: number[]): string {
    this.initializers.push({ name, elemType: ElemType.FLOAT, dims, raw: float32Bytes(values) });
    return name;
  }

  /**
   * A trained parameter in the chosen storage; returns an fp32 value. Vectors (biases, norms)
   * stay fp32 under int8 storage, as dynamic quantisers usually leave them.
   */
  weight(name: string, values: Float32Array, dims: number[]): string {
    if (this.storage === 'fp16') {
      this.initializers.push({ name, elemType: ElemType.FLOAT16, dims, raw: float16Bytes(values) });
      return this.op('Cast', [name], { to: { kind: 'int', value: ElemType.FLOAT } }, `${name}_fp32`);
    }
    if (this.storage === 'int8' && dims.length >= 2) {
      const { q, scale } = quantizeInt8(values);
      this.initializers.push({ name: `${name}_q`, elemType: ElemType.INT8, dims, raw: int8Bytes(q) });
      this.float(`${name}_scale`, [scale], []);
      this.initializers.push({ name: `${name}_zero`, elemType: ElemType.INT8, dims: [], raw: int8Bytes([0]) });
      return this.op('DequantizeLinear', [`${name}_q`, `${name}_scale`, `${name}_zero`], undefined, name);
    }
    return this.float(name, values, dims);
  }

  build(name: string, inputs: OnnxValueInfo[], outputs: OnnxValueInfo[]): OnnxGraph {
    return { name, nodes: [...this.nodes], initializers: [...this.initializers], inputs, outputs };
  }
}
