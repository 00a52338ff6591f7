/**
 * The member's own photos: list, upload (XMLHttpRequest, for its upload progress), main photo and
 * delete. Every change also reloads the session: the navigation shows the main photo.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPhotoDeletedAnswer, TPhotosAnswer, TPhotoUploadAnswer } from '@cupido/shared/contracts/photos';
import { ApiError, apiGet, buildUrl, request } from '../../../api/client';
import { writeSavedAnswer } from '../../session/saved-answer';
import { SESSION_QUERY_KEY } from '../../session/use-session';
import { PHOTO_UPLOAD_FIELD } from '../profile-limits';

export const PHOTOS_QUERY_KEY = ['photos'] as const;
const UPLOAD_PATH = '/api/photos.php';

export function usePhotos() {
  return useQuery<TPhotosAnswer, ApiError>({ queryKey: PHOTOS_QUERY_KEY, queryFn: () => apiGet<TPhotosAnswer>(UPLOAD_PATH) });
}

function useAfterPhotoChange() {
  const queryClient = useQueryClient();
  return async (answer: TPhotosAnswer) => {
    // An upload can finish before the screen's first list answers (writeSavedAnswer says why).
    await writeSavedAnswer<TPhotosAnswer>(queryClient, PHOTOS_QUERY_KEY, { photos: answer.photos, limit: answer.limit });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The ApiError of an XMLHttpRequest answer, read the way the request client reads a fetch answer. */
function uploadError(xhr: XMLHttpRequest): ApiError {
  let code = 'http_error';
  let message = xhr.statusText || `HTTP ${xhr.status}`;
  let field: string | undefined;
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown; field?: unknown } };
    if (typeof body?.error?.code === 'string') code = body.error.code;
    if (typeof body?.error?.message === 'string') message = body.error.message;
    if (typeof body?.error?.field === 'string') field = body.error.field;
  } catch {
    // Not JSON (a proxy refusing a large body): keep the HTTP status text.
  }
  return new ApiError(xhr.status, code, message, field, UPLOAD_PATH);
}

/**
 * POST /api/photos.php as multipart form data (field 'photo'), reporting upload progress. The
 * browser sets the multipart content type with its boundary. No retries: a refused photo stays
 * refused, and a failed connection is the member's to try again.
 */
export function uploadPhotoFile(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  hostname = window.location.hostname,
): Promise<TPhotoUploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(UPLOAD_PATH, undefined, hostname));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as TPhotoUploadAnswer);
        } catch {
          reject(new ApiError(xhr.status, 'http_error', xhr.statusText, undefined, UPLOAD_PATH));
        }
      } else {
        reject(uploadError(xhr));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'network_error', 'Network error', undefined, UPLOAD_PATH)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'aborted', 'Upload cancelled', undefined, UPLOAD_PATH)));
    const form = new FormData();
    form.append(PHOTO_UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}

export function useUploadPhoto(onProgress: (progress: UploadProgress) => void) {
  const after = useAfterPhotoChange();
  return useMutation<TPhotoUploadAnswer, ApiError, File>({
    mutationFn: (file) => uploadPhotoFile(file, onProgress),
    onSuccess: after,
  });
}

export function useSetMainPhoto() {
  const after = useAfterPhotoChange();
  return useMutation<TPhotosAnswer, ApiError, number>({
    mutationFn: (id) => request<TPhotosAnswer>('/api/photo-main.php', { method: 'POST', body: { id } }),
    onSuccess: after,
  });
}

export function useDeletePhoto() {
  const after = useAfterPhotoChange();
  return useMutation<TPhotoDeletedAnswer, ApiError, number>({
    mutationFn: (id) => request<TPhotoDeletedAnswer>('/api/photo.php', { method: 'DELETE', body: { id } }),
    onSuccess: after,
  });
}
