/**
 * Illustrated avatars for the demo profiles, made offline with DiceBear's 'personas' style and
 * seeded by the profile's seed key, so the same profile always gets the same picture. The hair
 * matches the profile's hair colour and the face its gender. Written as SVG under
 * `<photos root>/demo/`, a display size and a thumbnail, only when the file is missing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createAvatar } from '@dicebear/core';
import { personas } from '@dicebear/collection';
import type { Gender } from '@cupido/shared/rules/profile-options';

export const DEMO_PHOTO_DIR = 'demo';
const DISPLAY_SIZE = 512;
const THUMB_SIZE = 128;

const HAIR_HEX: Record<string, string> = {
  black: '2c1b18',
  brown: '6c4545',
  blonde: 'e6c073',
  red: 'b5532d',
  grey: 'c9c9d1',
  bald: '6c4545',
  other: 'e16381',
};
const HAIR_STYLES = {
  female: ['long', 'bobCut', 'curly', 'curlyBun', 'bobBangs', 'straightBun', 'extraLong', 'bunUndercut'],
  male: ['shortCombover', 'curlyHighTop', 'buzzcut', 'fade', 'shortComboverChops', 'curly', 'sideShave'],
} as const satisfies Record<Gender, string[]>;
type Hair = (typeof HAIR_STYLES)[Gender][number] | 'bald' | 'balding';

export interface AvatarInput {
  seedKey: string;
  gender: Gender;
  hairColor: string;
  age: number;
  /** 1 is the main picture; 2 and up are the same face on other backgrounds (more photos of one member). */
  variant?: number;
}

const BACKGROUNDS = ['f9d5e5', 'fde2c8', 'd6eadf', 'dbe7f6', 'e8dff5', 'fff1c1'];

/** Relative paths (to the photos root) of a demo profile's picture and thumbnail. */
export function demoPhotoPaths(seedKey: string, variant = 1) {
  const name = variant === 1 ? seedKey : `${seedKey}-${variant}`;
  return { filename: `${DEMO_PHOTO_DIR}/${name}.svg`, thumbFilename: `${DEMO_PHOTO_DIR}/${name}-thumb.svg` };
}

export function renderAvatar(input: AvatarInput, size: number): string {
  const bald = input.hairColor === 'bald';
  const hair: Hair[] = bald
    ? ['bald']
    : input.gender === 'male' && input.age >= 50
      ? [...HAIR_STYLES.male, 'balding']
      : HAIR_STYLES[input.gender];
  return createAvatar(personas, {
    seed: input.seedKey,
    size,
    radius: 0,
    backgroundColor: (input.variant ?? 1) === 1 ? BACKGROUNDS : [BACKGROUNDS[(input.variant ?? 1) % BACKGROUNDS.length]!],
    hair,
    hairColor: [HAIR_HEX[input.hairColor] ?? HAIR_HEX.brown!],
    facialHairProbability: input.gender === 'male' ? 35 : 0,
    eyes: ['open', 'happy', 'wink', 'glasses', 'sunglasses'],
    mouth: input.gender === 'female' ? ['smile', 'bigSmile', 'smirk', 'lips'] : ['smile', 'bigSmile', 'smirk'],
  }).toString();
}

/** Writes the picture and thumbnail of each profile unless they exist; returns how many files were written. */
export async function writeDemoAvatars(photosRoot: string, inputs: AvatarInput[]): Promise<number> {
  await fs.mkdir(path.join(photosRoot, DEMO_PHOTO_DIR), { recursive: true });
  const existing = new Set(await fs.readdir(path.join(photosRoot, DEMO_PHOTO_DIR)));
  let written = 0;
  const writes: Promise<void>[] = [];
  for (const input of inputs) {
    const paths = demoPhotoPaths(input.seedKey, input.variant);
    for (const [relative, size] of [
      [paths.filename, DISPLAY_SIZE],
      [paths.thumbFilename, THUMB_SIZE],
    ] as const) {
      if (existing.has(path.basename(relative))) continue;
      written += 1;
      // 'wx': never overwrite a file another process wrote meanwhile.
      writes.push(
        fs.writeFile(path.join(photosRoot, relative), renderAvatar(input, size), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        }),
      );
    }
  }
  await Promise.all(writes);
  return written;
}
