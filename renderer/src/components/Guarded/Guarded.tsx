import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, useId } from 'react';

interface GuardableProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
}

/**
 * Disables a button or action icon for a reason the user can read (issue 33): the reason shows on
 * hover and on keyboard focus, and screen readers hear it through aria-describedby. The control
 * stays focusable (aria-disabled and Mantine's data-disabled look, not the `disabled` attribute,
 * which would swallow the hover and drop it from the tab order) and its click does nothing.
 * Without a reason the child renders as it is. A form control (a switch) whose own change cannot
 * be suppressed is `wrap`ped instead: disabled, inside a focusable wrapper that carries the reason.
 */
export function Guarded({
  reason,
  wrap = false,
  children,
}: {
  reason: string | null | undefined;
  wrap?: boolean;
  children: ReactElement<GuardableProps>;
}) {
  const id = useId();
  if (!reason) return children;
  const guarded = wrap ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the reason of the disabled control inside
    <span tabIndex={0} aria-describedby={id} data-disabled-reason={reason} style={{ display: 'inline-flex' }}>
      {cloneElement(children, { disabled: true } as GuardableProps)}
    </span>
  ) : (
    cloneElement(children, {
      disabled: false,
      'data-disabled': true,
      'aria-disabled': true,
      'aria-describedby': id,
      'data-disabled-reason': reason,
      onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
    } as GuardableProps)
  );
  return (
    <>
      <Tooltip label={reason} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
        {guarded}
      </Tooltip>
      <VisuallyHidden id={id}>{reason}</VisuallyHidden>
    </>
  );
}
