import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';

/** The window event a mobile shell dispatches when the user taps a push notification; `detail` is the FCM message's data. */
export const PUSH_OPEN_EVENT = 'auction:push-notification';

/**
 * Where a tapped notification leads (spec 01 §4): type `test` goes home, any other type to `/private`. The route is
 * taken from the notification's `type` (the server's `route`/`click_action` say the same), never from a path it names.
 */
export function pushTarget(data: unknown): '/' | '/private' {
  const type = data !== null && typeof data === 'object' ? (data as { type?: unknown }).type : undefined;
  // The contract's pushRouteOf, written here so the root layout's bundle does not take in the contracts (and zod).
  return type === 'test' ? '/' : '/private';
}

/** Follows a tapped push notification to its page (mounted once, by the root layout). */
export function usePushOpen(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const open = (event: Event) => void navigate({ to: pushTarget((event as CustomEvent<unknown>).detail) });
    window.addEventListener(PUSH_OPEN_EVENT, open);
    return () => window.removeEventListener(PUSH_OPEN_EVENT, open);
  }, [navigate]);
}
