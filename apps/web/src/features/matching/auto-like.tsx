import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAutoLikeAnswer } from '@cupido/shared/contracts/likes';
import { LIKES_QUERY_KEY } from '../likes/like-calls';
import { useMatchModal } from '../likes/like-dialogs';
import { AUTO_LIKE_ASKED_KEY, AUTO_LIKE_SETTLE_SECONDS, CHATS_RELOAD_AFTER_MS, removeAutoLikeDelayParam } from './auto-like-timing';
import { CHATS_QUERY_KEY, fetchAutoLike } from './matching-calls';

/**
 * The answer on its way, per member, until a mounted AutoLike has shown it: a remount before then
 * (React's development double effects) takes the same answer instead of asking twice or not at all.
 */
const answers = new Map<number, Promise<TAutoLikeAnswer['profile']>>();

function wasAsked(): boolean {
  try {
    return window.sessionStorage.getItem(AUTO_LIKE_ASKED_KEY) !== null;
  } catch {
    return false; // storage blocked: asking again is harmless, the server keeps its own pace
  }
}

function markAsked(): void {
  try {
    window.sessionStorage.setItem(AUTO_LIKE_ASKED_KEY, '1');
  } catch {
    // As above: without storage the member may be asked for again on the next load.
  }
}

/**
 * The auto-like (spec sections 2 and 6): when a member enters the members area, once per browser
 * session (AUTO_LIKE_ASKED_KEY), GET /api/auto-like.php; a fictional profile that now likes them
 * opens the new-like modal (the likes feature's, with the fictional badge and notice)
 * AUTO_LIKE_SETTLE_SECONDS after entering, and the chats reload 500 ms later.
 * `t=<seconds>` in the address on load (`delaySeconds`) asks in any case and shows the modal after
 * that many seconds; `t` then leaves the address bar.
 */
export default function AutoLike({ userId, delaySeconds }: { userId: number; delaySeconds: number | null }) {
  const queryClient = useQueryClient();
  const { open } = useMatchModal();

  useEffect(() => {
    let answer = answers.get(userId);
    if (!answer) {
      if (delaySeconds === null && wasAsked()) return;
      markAsked();
      answer = fetchAutoLike(userId);
      answers.set(userId, answer);
    }

    const startedAt = Date.now();
    const timers: ReturnType<typeof setTimeout>[] = [];
    let cancelled = false;
    const afterDelay = (show: () => void) => {
      const wait = Math.max(0, (delaySeconds ?? AUTO_LIKE_SETTLE_SECONDS) * 1000 - (Date.now() - startedAt));
      timers.push(
        setTimeout(() => {
          answers.delete(userId);
          show();
          if (delaySeconds !== null) removeAutoLikeDelayParam();
        }, wait),
      );
    };

    answer.then(
      (profile) => {
        if (cancelled) return;
        afterDelay(() => {
          if (!profile) return;
          open(profile);
          void queryClient.invalidateQueries({ queryKey: LIKES_QUERY_KEY });
          timers.push(setTimeout(() => void queryClient.invalidateQueries({ queryKey: CHATS_QUERY_KEY }), CHATS_RELOAD_AFTER_MS));
        });
      },
      // Nothing to show; `t` still leaves the address at its time.
      () => !cancelled && afterDelay(() => undefined),
    );
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [userId, delaySeconds, open, queryClient]);

  return null;
}
