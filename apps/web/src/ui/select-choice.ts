import { useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';

/** Keys that step a closed `<select>` to the next value: the browser fires `change` at each step. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The props of a `<select>` whose choice loads another page (a country's home, the page in another language). A
 * choice made in the open list (mouse, touch, or the keyboard in the list) applies at once; a value stepped to on
 * the closed select (arrow keys, type-ahead) applies on Enter or when the focus leaves it, not at each step (WCAG
 * 3.2.2: each arrow key loaded a country's page and sent the focus back to the top of it).
 */
export function useSelectChoice(current: string, apply: (value: string) => void) {
  const [value, setValue] = useState(current);
  // The value shown follows the current one when that changes elsewhere (a market entered in place).
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setValue(current);
  }
  const stepping = useRef(false);
  const commit = (chosen: string) => {
    stepping.current = false;
    if (chosen !== current) apply(chosen);
  };
  return {
    value,
    onPointerDown: () => { stepping.current = false; },
    onKeyDown: (e: KeyboardEvent<HTMLSelectElement>) => {
      if (e.key === 'Enter') commit(e.currentTarget.value);
      else stepping.current = !e.altKey && (STEP_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' '));
    },
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      setValue(e.target.value);
      if (!stepping.current) commit(e.target.value);
    },
    onBlur: (e: FocusEvent<HTMLSelectElement>) => commit(e.currentTarget.value),
  };
}
