/**
 * Models a site serves itself: the versioned `/models/manifest.json` that `npm run models`
 * writes and Settings reads.
 */
export {
  MANIFEST_VERSION,
  EMPTY_MANIFEST,
  ManifestError,
  parseManifest,
  mergeManifest,
  modelBytes,
  ggufFile,
  type Manifest,
  type ManifestModel,
  type ManifestFile,
  type ModelKind,
  type ModelFormat,
} from './manifest';
