import type { RecommendedResource } from '@lantern/contracts';

/** What the form hands the thank-you page through the navigation state. */
export type EnrollSuccessState = {
  email: string;
  schoolName: string;
  resources: RecommendedResource[];
};

export const ENROLL_PATH = '/enroll';
export const ENROLL_SUCCESS_PATH = '/enroll/success';

const isText = (value: unknown): value is string => typeof value === 'string';

function readResource(value: unknown): RecommendedResource | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, title, description, downloadUrl } = value as Record<string, unknown>;
  if (!isText(title) || !title) return null;
  return {
    id: isText(id) ? id : title,
    title,
    description: isText(description) ? description : '',
    downloadUrl: isText(downloadUrl) ? downloadUrl : '',
  };
}

/** The thank-you page's state, or null when it was opened without one (a bookmark, a new tab). */
export function readEnrollSuccessState(state: unknown): EnrollSuccessState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, schoolName, resources } = state as Record<string, unknown>;
  if (!isText(email) || !email) return null;
  return {
    email,
    schoolName: isText(schoolName) ? schoolName : '',
    resources: Array.isArray(resources)
      ? resources.map(readResource).filter((resource) => resource !== null)
      : [],
  };
}

/** A download link the page may follow: site-relative or http(s); anything else is not a link. */
export function safeDownloadHref(url: string): string | null {
  // '//host' and '/\host' would leave the site.
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
