import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPhoto } from '@cupido/shared/contracts/photos';
import { sentBodies, stubApi } from '../../../test/api-stub';
import { makePhoto } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import { ProfilesTexts } from '../profiles-texts';
import { PhotosSection } from './photos-section';

/** XMLHttpRequest as the upload uses it; the test reports progress and answers. */
class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

const file = (name = 'me.jpg', size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function renderPhotos(photos: TPhoto[], paidUser = false) {
  const limit = paidUser ? 25 : 3;
  const fetch = stubApi({
    'GET /api/photos.php': { body: { photos, limit } },
    'GET /api/user.php': { body: { user: makeUser({ paid_user: paidUser }) } },
    'DELETE /api/photo.php': (body) => ({
      body: { message: 'Picture deleted', photos: photos.filter((p) => p.id !== (body as { id: number }).id), limit },
    }),
    'POST /api/photo-main.php': (body) => ({
      body: { photos: photos.map((p) => ({ ...p, is_main: p.id === (body as { id: number }).id })), limit },
    }),
  });
  renderWithProviders(
    <ProfilesTexts>
      <PhotosSection user={makeUser({ paid_user: paidUser })} />
    </ProfilesTexts>,
    { user: makeUser({ paid_user: paidUser }), route: '/profile' },
  );
  return fetch;
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('own photos', () => {
  it('shows thumbnails with their moderation status, the main photo and the limit', async () => {
    renderPhotos([makePhoto(1, { status: 'approved' }), makePhoto(2), makePhoto(3, { status: 'rejected' })]);
    const items = await screen.findAllByRole('listitem');
    expect(
      items.map((item) =>
        within(item)
          .getAllByText(/Approved|Awaiting review|Rejected|Main photo/)
          .map((b) => b.textContent),
      ),
    ).toEqual([['Approved', 'Main photo'], ['Awaiting review'], ['Rejected']]);
    // The whole display size, not the square-cropped thumbnail: portraits are shown whole.
    expect(screen.getByAltText('Your photo 2').getAttribute('src')).toBe('/photos/p2.jpg');
    expect(screen.getByAltText('Your photo 2').parentElement!.className).toContain('photo-tile--whole');
    expect(document.getElementById('photo-pending-note')!.textContent).toBe(
      'Photos awaiting review are visible only to you. Other members will see them after our check.',
    );
    expect(document.getElementById('photo-rejected-note')!.textContent).toContain('Rejected photos are not shown to other members.');
    expect(screen.getByText('3 of 3 photos')).toBeTruthy();
    expect(screen.getByText('You have reached your limit of 3 photos.')).toBeTruthy();
    expect(document.getElementById('photo-premium-hint')!.textContent).toBe('Premium members can have up to 25 photos. Get Premium');
  });

  it('premium members see their limit of 25 and no Premium offer', async () => {
    renderPhotos([makePhoto(1, { status: 'approved' })], true);
    expect(await screen.findByText('1 of 25 photos')).toBeTruthy();
    expect(document.getElementById('photo-pending-note')).toBeNull();
    expect(document.getElementById('photo-rejected-note')).toBeNull();
    expect(document.getElementById('photo-premium-hint')).toBeNull();
  });

  it('uploads a chosen file as multipart field photo, with progress, and shows its thumbnail', async () => {
    renderPhotos([]);
    await screen.findByText('0 of 3 photos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose photos'), file('holiday.jpg'));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url.split('?')[0]]).toEqual(['POST', '/api/photos.php']);
    expect((xhr.body!.get('photo') as File).name).toBe('holiday.jpg');
    expect(xhr.headers['Content-Type']).toBeUndefined();

    act(() => xhr.progress(40, 100));
    expect(document.getElementById('photo-progress-label')!.textContent).toBe('Uploading holiday.jpg');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    act(() => xhr.progress(73, 100));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('73');
    // All bytes sent: the server still re-encodes the photo, and the bar says so instead of waiting silently.
    act(() => xhr.progress(100, 100));
    expect(document.getElementById('photo-progress-label')!.textContent).toBe('Processing holiday.jpg…');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    const uploaded = makePhoto(9, { is_main: true });
    act(() => xhr.respond(201, { photo: uploaded, photos: [uploaded], limit: 3 }));
    expect(await screen.findByAltText('Your photo 1')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 photo uploaded.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('1 of 3 photos')).toBeTruthy();
    expect(screen.getByText('Awaiting review')).toBeTruthy();
    expect(document.getElementById('photo-pending-note')).toBeTruthy();
  });

  it('keeps the uploaded photo when the list asked for on opening answers after the upload (the older answer)', async () => {
    let answerList = (_answer: { body: unknown }) => {};
    stubApi({
      'GET /api/photos.php': () => new Promise((resolve) => (answerList = resolve)),
      'GET /api/user.php': { body: { user: makeUser() } },
    });
    renderWithProviders(
      <ProfilesTexts>
        <PhotosSection user={makeUser()} />
      </ProfilesTexts>,
    );
    await screen.findByText('0 of 3 photos');
    await userEvent.setup().upload(screen.getByLabelText('Choose photos'), file('first.jpg'));
    const uploaded = makePhoto(9, { is_main: true });
    act(() => FakeXhr.sent[0]!.respond(201, { photo: uploaded, photos: [uploaded], limit: 3 }));
    expect(await screen.findByAltText('Your photo 1')).toBeTruthy();

    // The list read before the upload was stored arrives last: it must not take the photo away.
    await act(async () => answerList({ body: { photos: [], limit: 3 } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByAltText('Your photo 1')).toBeTruthy();
    expect(screen.getByText('1 of 3 photos')).toBeTruthy();
  });

  it('uploads several files one after the other and counts them in the plural', async () => {
    renderPhotos([]);
    await screen.findByText('0 of 3 photos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose photos'), [file('a.jpg'), file('b.jpg')]);
    const first = makePhoto(1);
    act(() => FakeXhr.sent[0]!.respond(201, { photo: first, photos: [first], limit: 3 }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const second = makePhoto(2);
    act(() => FakeXhr.sent[1]!.respond(201, { photo: second, photos: [first, second], limit: 3 }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 photos uploaded.'));
  });

  it('accepts dropped files', async () => {
    renderPhotos([]);
    await screen.findByText('0 of 3 photos');
    fireEvent.drop(document.getElementById('photo-dropzone')!, { dataTransfer: { files: [file('dropped.png')], types: ['Files'] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]!.body!.get('photo') as File).name).toBe('dropped.png');
  });

  it("shows the server's refusal of a photo over the limit, with the Premium offer", async () => {
    renderPhotos([makePhoto(1), makePhoto(2), makePhoto(3)]);
    await screen.findByText('3 of 3 photos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose photos'), file());
    const message = 'You can have at most 3 photos. Delete one first, or get Premium to have up to 25 photos.';
    act(() => FakeXhr.sent[0]!.respond(409, { error: { code: 'photo_limit_reached', message, field: 'photo' } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${message} Get Premium`);
    expect(within(alert).getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
  });

  it("shows the server's refusal of a file that is not a photo, and stops the queue", async () => {
    renderPhotos([]);
    await screen.findByText('0 of 3 photos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose photos'), [file('notes.jpg'), file('second.jpg')]);
    act(() =>
      FakeXhr.sent[0]!.respond(400, {
        error: { code: 'photo_not_an_image', message: 'This file is not a photo we can read.', field: 'photo' },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a photo we can read.');
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('refuses a file over the size limit before sending it', async () => {
    renderPhotos([]);
    await screen.findByText('0 of 3 photos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose photos'), file('huge.jpg', 15 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('This photo is too large: it can be at most 15 MB.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("deletes a photo after confirmation with the server's 'Picture deleted', and chooses the main photo", async () => {
    const fetch = renderPhotos([makePhoto(1, { status: 'approved' }), makePhoto(2, { status: 'approved' })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make main photo' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/photo-main.php')).toEqual([{ id: 2 }]));

    await user.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    expect(screen.getByText('Delete this photo?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('status')).textContent).toBe('Picture deleted');
    expect(sentBodies(fetch, 'DELETE /api/photo.php')).toEqual([{ id: 1 }]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
