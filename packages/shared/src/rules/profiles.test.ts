import { describe, expect, it } from 'vitest';
import { canContactFirst, profileAccess, unlockedPhotoCount, type ContactFacts } from './profiles';

const facts = (overrides: Partial<ContactFacts> = {}): ContactFacts => ({
  viewerProfileId: 1,
  targetProfileId: 2,
  targetUsable: true,
  targetInvisible: false,
  blockedByViewer: false,
  blockedByTarget: false,
  existingContact: false,
  ...overrides,
});

describe('canContactFirst', () => {
  it('lets a member contact a visible, usable member first', () => {
    expect(canContactFirst(facts())).toBe(true);
  });

  it('refuses visitors, oneself and unusable accounts', () => {
    expect(canContactFirst(facts({ viewerProfileId: null }))).toBe(false);
    expect(canContactFirst(facts({ targetProfileId: 1 }))).toBe(false);
    expect(canContactFirst(facts({ targetUsable: false }))).toBe(false);
  });

  it('refuses across a block, whoever blocked, even between partners', () => {
    expect(canContactFirst(facts({ blockedByViewer: true }))).toBe(false);
    expect(canContactFirst(facts({ blockedByTarget: true, existingContact: true }))).toBe(false);
  });

  it('keeps invisible members from being contacted first, except by existing partners', () => {
    expect(canContactFirst(facts({ targetInvisible: true }))).toBe(false);
    expect(canContactFirst(facts({ targetInvisible: true, existingContact: true }))).toBe(true);
  });
});

describe('profileAccess', () => {
  it("shows visible profiles, and one's own whatever its state", () => {
    expect(profileAccess(facts())).toBe('visible');
    expect(profileAccess(facts({ targetProfileId: 1, targetUsable: false, targetInvisible: true }))).toBe('visible');
    expect(profileAccess(facts({ viewerProfileId: null }))).toBe('visible');
  });

  it('answers not_found for unusable profiles and invisible ones without a contact', () => {
    expect(profileAccess(facts({ targetUsable: false }))).toBe('not_found');
    expect(profileAccess(facts({ targetInvisible: true }))).toBe('not_found');
    expect(profileAccess(facts({ viewerProfileId: null, targetInvisible: true }))).toBe('not_found');
    expect(profileAccess(facts({ targetInvisible: true, existingContact: true }))).toBe('visible');
  });

  it('answers no_access to a member the owner blocked, but lets the blocker look', () => {
    expect(profileAccess(facts({ blockedByTarget: true }))).toBe('no_access');
    expect(profileAccess(facts({ blockedByViewer: true }))).toBe('visible');
  });
});

describe('unlockedPhotoCount', () => {
  it('unlocks 3 photos for free viewers, all for premium viewers and the owner', () => {
    expect(unlockedPhotoCount({ premiumViewer: false, ownProfile: false, photoCount: 7 })).toBe(3);
    expect(unlockedPhotoCount({ premiumViewer: false, ownProfile: false, photoCount: 2 })).toBe(2);
    expect(unlockedPhotoCount({ premiumViewer: true, ownProfile: false, photoCount: 7 })).toBe(7);
    expect(unlockedPhotoCount({ premiumViewer: false, ownProfile: true, photoCount: 25 })).toBe(25);
  });
});
