import { useState } from 'react';
import { useLanderMembers } from './lander-calls';
import type { LanderProps } from './lander-props';
import { FeaturedMember, LanderHero, MemberGrid, MembersHiddenNote } from './lander-parts';
// Made once from the demo profiles' own avatars (apps/web/scripts/make-lander-video.ts; DiceBear
// "personas" by Draftbit, CC BY 4.0): served from this site, never from a video host.
import slideshowUrl from './media/lander-video.mp4';
import transitionsUrl from './media/lander-transitions.mp4';
import posterUrl from './media/lander-poster.webp';

const VIDEO_SIZE = 360;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A short muted loop; with reduced motion asked for, its poster alone. Decorative: the page says everything in words. */
function LanderLoop({ src }: { src: string }) {
  const [still] = useState(prefersReducedMotion);
  if (still) {
    return <img id="lander-poster" className="lander-video" src={posterUrl} alt="" width={VIDEO_SIZE} height={VIDEO_SIZE} />;
  }
  return (
    <video
      id="lander-video"
      className="lander-video"
      src={src}
      poster={posterUrl}
      width={VIDEO_SIZE}
      height={VIDEO_SIZE}
      muted
      loop
      playsInline
      autoPlay
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}

/** video and transitionsvideolanding: the loop beside the headline, then the members. */
export function VideoLander(props: LanderProps) {
  const members = useLanderMembers();
  return (
    <>
      <LanderHero
        {...props}
        className="lander-hero--video"
        before={<LanderLoop src={props.name === 'video' ? slideshowUrl : transitionsUrl} />}
      />
      <FeaturedMember profile={props.featured ?? null} />
      <MemberGrid profiles={members.profiles} loading={members.loading} limit={6} />
      <MembersHiddenNote visible={members.visible} />
    </>
  );
}
