import { useEffect, useState } from 'react';
import { ApiError } from './api-error.js';
import { authToken } from './auth-store.js';
import { handleApiError } from './error-handler.js';

/** Fetches binary content with the session token (images and PDFs cannot send x-auth-token themselves). */
export async function fetchBlob(url: string): Promise<Blob> {
  const token = authToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { 'x-auth-token': token } : {} });
  } catch {
    throw new ApiError(0, null);
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = JSON.parse(await res.text());
    } catch {
      body = null;
    }
    throw new ApiError(res.status, body);
  }
  return res.blob();
}

/** An object URL for content behind the API (e.g. the avatar), revoked when it changes. */
export function useAuthedObjectUrl(url: string | null | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setObjectUrl(null);
      return undefined;
    }
    let created: string | null = null;
    let cancelled = false;
    fetchBlob(url)
      .then((blob) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch((error: unknown) => {
        if (!cancelled && error instanceof ApiError && error.status === 401) handleApiError(error);
        if (!cancelled) setObjectUrl(null);
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}

/** Base64 → Blob (the documents API answers base64 JSON by default). */
export function base64ToBlob(data: string, type: string): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A blob as a data URL, e.g. for an <img> of content behind the API; `type` replaces the blob's own. */
export function blobToDataUrl(blob: Blob, type = blob.type): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(new Blob([blob], { type }));
  });
}

/** Starts a browser download of a blob. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
