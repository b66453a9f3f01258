import { FetchError } from './download';

/** The PyPI JSON API; a mirror with the same API can be named in SIEVE_PYPI_URL. */
export const PYPI_JSON = process.env.SIEVE_PYPI_URL ?? 'https://pypi.org/pypi/';

type PypiFile = { filename: string; url: string };
interface PypiProject {
  releases?: Record<string, PypiFile[]>;
  urls?: PypiFile[];
}

/**
 * The download URL of one pinned wheel file of `pkg==version`, read from the project's JSON
 * (`<index>/<pkg>/json`; not every mirror serves the per-version document). Some indexes answer
 * with URLs relative to the JSON document, so they are resolved against it.
 */
export async function wheelUrl(pkg: string, version: string, filename: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const api = new URL(`${encodeURIComponent(pkg)}/json`, PYPI_JSON.endsWith('/') ? PYPI_JSON : `${PYPI_JSON}/`);
  let res: Response;
  try {
    res = await fetchImpl(api);
  } catch (e) {
    throw new FetchError(`${pkg}==${version}: cannot reach ${api.origin} (${(e as Error).message})`);
  }
  if (!res.ok) throw new FetchError(`${pkg}: ${api} answered HTTP ${res.status}${res.status === 404 ? ' (no such package)' : ''}`);
  const project = (await res.json()) as PypiProject;
  const files = project.releases?.[version];
  if (!files) throw new FetchError(`${pkg} has no release ${version} (it has: ${Object.keys(project.releases ?? {}).join(', ') || 'none'})`);
  const file = files.find((u) => u.filename === filename);
  if (!file) throw new FetchError(`${pkg}==${version} has no file ${filename} (it has: ${files.map((u) => u.filename).join(', ') || 'none'})`);
  return new URL(file.url, api).href;
}
