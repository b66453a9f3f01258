/**
 * Models a site serves itself: the versioned `/models/manifest.json` that `npm run models`
 * writes and Settings reads; and the one error every model runtime fails with.
 */
export {
  MANIFEST_VERSION,
  EMPTY_MANIFEST,
  ManifestError,
  parseManifest,
  mergeManifest,
  modelBytes,
  findById,
  siteGgufUrl,
  type Manifest,
  type ManifestModel,
  type ManifestFile,
  type ModelKind,
  type ModelFormat,
} from './manifest';
export { ModelLoadError, modelNoun, describeCause, type ModelErrorCode } from './load-error';
