/** Presses Tab until `target` has focus (a real keyboard path, failing loudly if it is not reachable). */
export async function tabTo(target: HTMLElement, user: { tab: () => Promise<void> }, maxTabs = 10) {
  for (let i = 0; i < maxTabs && document.activeElement !== target; i++) await user.tab()
  if (document.activeElement !== target)
    throw new Error(
      `Could not reach ${target.getAttribute('aria-label') ?? target.tagName} with Tab`,
    )
}
