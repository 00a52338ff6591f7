/**
 * The app's record of "Download my data" (issue 33): each feature's module adds its parts; the app
 * does not start while a part of the contract is missing or added twice, so a new feature cannot
 * forget its part and two features cannot both answer one.
 */
import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PART_NAMES } from '@cupido/shared/contracts/personal-data';
import { PersonalDataRegistry, type DataExportParts } from './registry';

const stubPart = async () => [] as never;
const every = () => Object.fromEntries(PERSONAL_DATA_PART_NAMES.map((name) => [name, stubPart])) as unknown as DataExportParts;

describe('PersonalDataRegistry', () => {
  it('answers one part for every name of the contract once every module added its own', () => {
    const registry = new PersonalDataRegistry();
    for (const [name, part] of Object.entries(every())) registry.add({ [name]: part });
    expect(Object.keys(registry.complete()).sort()).toEqual([...PERSONAL_DATA_PART_NAMES].sort());
  });

  it('refuses to complete while a part is missing, and names it', () => {
    const registry = new PersonalDataRegistry();
    const { blocks: _left, ...rest } = every();
    registry.add(rest);
    expect(() => registry.complete()).toThrow(/blocks/);
  });

  it('refuses a part added twice', () => {
    const registry = new PersonalDataRegistry();
    registry.add({ account: every().account });
    expect(() => registry.add({ account: every().account })).toThrow(/"account" is added twice/);
  });
});
