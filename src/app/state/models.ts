import type { Settings, WllamaSettings } from '../../core/settings';
import { describeLlmError } from '../llm-errors';
import { parseManifest } from '../../core/models';
import { Slice } from './slice';
import { SITE_MANIFEST } from './types';
import { message } from './message';

/** The embedding model, the language model, the lists of models and the settings that choose them. */
export class ModelsSlice extends Slice {
  private llmLoads = 0;

  /** The GGUF file last picked: settings cannot hold a File, so it goes to the LLM worker beside them. */
  private ggufFile?: File;

  /** Reads the list of models this site serves; a site without one simply offers none. */
  async loadSiteModels() {
    try {
      const res = await fetch(SITE_MANIFEST, { cache: 'no-cache' });
      if (res.status === 404) return this.set({ siteModels: { models: [] } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      this.set({ siteModels: { models: parseManifest(await res.text(), SITE_MANIFEST).models } });
    } catch (e) {
      this.set({ siteModels: { models: [], error: `Could not read the models on this site (${SITE_MANIFEST}): ${message(e)}` } });
    }
  }

  /** Asks the LLM worker (where web-llm lives) for WebLLM's models, once; a failure is kept in state. */
  async loadWebLlmModels() {
    if (this.state.webLlmModels && this.state.webLlmModels.state !== 'failed') return;
    this.set({ webLlmModels: { state: 'loading' } });
    try {
      if (!this.llm) throw new Error('there is no language model worker');
      this.set({ webLlmModels: { state: 'ready', ...(await this.llm.webLlmModels()) } });
    } catch (e) {
      this.set({ webLlmModels: { state: 'failed', error: `The WebLLM model list could not be loaded: ${message(e)}` } });
    }
  }

  /** Loads the language model the settings name; retrieval-only when none is chosen. */
  async loadLlm() {
    const settings = this.state.settings?.llm ?? { kind: 'none' as const };
    const mine = ++this.llmLoads;
    if (settings.kind === 'none' || !this.llm) {
      void this.llm?.unload().catch(() => undefined);
      this.set({ llm: { state: 'none' } });
      return;
    }
    this.set({ llm: { state: 'loading' } });
    // Only the latest load may report: an older one finishing late must not overwrite it.
    const current = () => mine === this.llmLoads;
    // After a reload there is no File: the worker then uses the copy it kept in the browser.
    const picked = this.ggufFile;
    const file = settings.kind === 'wllama' && settings.source === 'file' && picked?.name === settings.fileName && picked?.size === settings.fileSize ? picked : undefined;
    try {
      const info = await this.llm.load(settings, { onProgress: (p) => current() && this.set({ llm: { state: 'loading', loaded: p.loaded, total: p.total, file: p.file } }) }, file);
      if (current()) this.set({ llm: info ? { state: 'ready', info } : { state: 'none' } });
    } catch (e) {
      if (current()) this.set({ llm: { state: 'failed', ...describeLlmError(settings, e) } });
    }
  }

  /** Uses a GGUF file the user picked or dropped as the language model (saved by name and size, loaded with the file itself). */
  async useGgufFile(file: File, options: Pick<WllamaSettings, 'nCtx' | 'device'> = {}) {
    this.ggufFile = file;
    const llm: WllamaSettings = { kind: 'wllama', source: 'file', fileName: file.name, fileSize: file.size, ...options };
    // The same file picked again (e.g. after the browser lost its copy) changes no setting: load it directly.
    if (JSON.stringify(this.state.settings?.llm) === JSON.stringify(llm)) await this.loadLlm();
    else await this.updateSettings({ llm });
  }

  /** After a model failed: answer without one (and remember the choice). */
  async useRetrievalOnly() {
    await this.updateSettings({ llm: { kind: 'none' } });
  }

  async loadModel() {
    this.set({ model: { state: 'loading' } });
    try {
      const r = await this.client.prepareEmbedder({
        onProgress: (p) => this.set({ model: { state: 'loading', loaded: p.loaded, total: p.total } }),
      });
      this.set({ model: { state: 'ready', id: r.id } });
    } catch (e) {
      this.set({ model: { state: 'failed', error: message(e) } });
      this.notify('error', `The embedding model could not be loaded: ${message(e)}. Keyword search still works; check Settings.`);
    }
    this.app.questions.completePendingSearch();
  }

  async updateSettings(patch: Partial<Settings>) {
    const before = this.state.settings?.embedder;
    try {
      const settings = await this.client.updateSettings(patch);
      const llmBefore = this.state.settings?.llm;
      this.set({ settings });
      if (JSON.stringify(before) !== JSON.stringify(settings.embedder)) void this.loadModel();
      if (JSON.stringify(llmBefore) !== JSON.stringify(settings.llm)) void this.loadLlm();
    } catch (e) {
      this.notify('error', `Could not save settings: ${message(e)}`);
    }
  }
}
