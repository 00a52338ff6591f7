/**
 * Makes the two video landers' loops once (decision 052): the demo profiles' own illustrated
 * avatars (DiceBear "personas" by Draftbit, CC BY 4.0, as apps/server/src/seed/demo-avatars.ts
 * draws them) rendered to frames, then joined by ffmpeg into short muted H.264 loops with a
 * poster. Not part of the build: ffmpeg is needed only to run this again.
 *   npx tsx apps/web/scripts/make-lander-video.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderAvatar } from '../../server/src/seed/demo-avatars';

const OUT = path.resolve(import.meta.dirname, '../src/features/landers/media');
const SIZE = 360;
const FACES = [
  { seedKey: 'demo-1', gender: 'female', hairColor: 'blonde', age: 29 },
  { seedKey: 'demo-2', gender: 'male', hairColor: 'brown', age: 34 },
  { seedKey: 'demo-3', gender: 'female', hairColor: 'red', age: 41 },
  { seedKey: 'demo-4', gender: 'male', hairColor: 'black', age: 27 },
  { seedKey: 'demo-5', gender: 'female', hairColor: 'black', age: 36 },
  { seedKey: 'demo-6', gender: 'female', hairColor: 'brown', age: 24 },
] as const;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lander-video-'));
const frames = await Promise.all(
  FACES.map(async (face, index) => {
    const file = path.join(work, `face-${index}.png`);
    await sharp(Buffer.from(renderAvatar({ ...face, variant: 1 }, SIZE)))
      .png()
      .toFile(file);
    return file;
  }),
);

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });
const encode = [
  '-an',
  '-c:v',
  'libx264',
  '-profile:v',
  'main',
  '-pix_fmt',
  'yuv420p',
  '-crf',
  '30',
  '-preset',
  'veryslow',
  '-movflags',
  '+faststart',
  '-r',
  '24',
];
const HOLD = 1.6;
const FADE = 0.6;

// video: the faces one after another, each slowly zooming in (a slideshow with hard cuts).
ffmpeg([
  // One picture per input: zoompan makes d frames of each.
  ...frames.flatMap((file) => ['-i', file]),
  '-filter_complex',
  frames
    .map(
      (_, i) => `[${i}:v]scale=${SIZE * 2}:-1,zoompan=z='min(zoom+0.0015,1.12)':d=${Math.round(HOLD * 24)}:s=${SIZE}x${SIZE}:fps=24[v${i}]`,
    )
    .join(';') +
    ';' +
    frames.map((_, i) => `[v${i}]`).join('') +
    `concat=n=${frames.length}:v=1:a=0[out]`,
  '-map',
  '[out]',
  ...encode,
  path.join(OUT, 'lander-video.mp4'),
]);

// transitionsvideolanding: the same faces joined by a different transition each time, back to the first (a seamless loop).
const TRANSITIONS = ['fade', 'slideleft', 'circleopen', 'wipeup', 'radial', 'smoothright'];
const looped = [...frames, frames[0]!];
const chain: string[] = [];
let previous = '[0:v]';
let offset = 0;
for (let i = 1; i < looped.length; i++) {
  offset += HOLD - FADE;
  const out = i === looped.length - 1 ? '[out]' : `[x${i}]`;
  chain.push(
    `${previous}[${i}:v]xfade=transition=${TRANSITIONS[(i - 1) % TRANSITIONS.length]}:duration=${FADE}:offset=${offset.toFixed(2)}${out}`,
  );
  previous = `[x${i}]`;
}
ffmpeg([
  ...looped.flatMap((file) => ['-loop', '1', '-t', String(HOLD), '-framerate', '24', '-i', file]),
  '-filter_complex',
  chain.join(';'),
  '-map',
  '[out]',
  ...encode,
  path.join(OUT, 'lander-transitions.mp4'),
]);

// The poster (shown before the video plays and instead of it with reduced motion): the first face.
await sharp(frames[0]).webp({ quality: 70 }).toFile(path.join(OUT, 'lander-poster.webp'));
fs.rmSync(work, { recursive: true, force: true });
for (const name of fs.readdirSync(OUT)) console.log(name, fs.statSync(path.join(OUT, name)).size, 'bytes');
