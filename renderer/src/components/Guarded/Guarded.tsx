import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, useId } from 'react';

interface GuardableProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
}

const WRAPPER_STYLE = { display: 'inline-flex' } as const;

/**
 * Disables a button or action icon for a reason the user can read (issue 33): the reason shows on
 * hover and on keyboard focus, and screen readers hear it through aria-describedby. The control
 * stays focusable (aria-disabled and Mantine's data-disabled look, not the `disabled` attribute,
 * which would swallow the hover and drop it from the tab order) and its click does nothing.
 * A form control (a switch) whose own change cannot be suppressed is `wrap`ped instead: disabled,
 * inside a focusable wrapper that carries the reason. The tree keeps its shape whether or not
 * there is a reason, so the control is never remounted when the grants arrive.
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
  const guarded = !reason
    ? children
    : cloneElement(children, {
        ...(wrap
          ? { disabled: true }
          : {
              disabled: false,
              'data-disabled': true,
              'aria-disabled': true,
              'aria-describedby': id,
              'data-disabled-reason': reason,
              onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
            }),
      } as GuardableProps);
  return (
    <>
      <Tooltip
        label={reason ?? ''}
        disabled={!reason}
        multiline
        w={260}
        events={{ hover: true, focus: true, touch: true }}
      >
        {wrap ? (
          // Focusable while guarded: keyboard users reach the reason of the disabled control inside.
          <span
            tabIndex={reason ? 0 : undefined}
            aria-describedby={reason ? id : undefined}
            data-disabled-reason={reason ?? undefined}
            style={WRAPPER_STYLE}
          >
            {guarded}
          </span>
        ) : (
          guarded
        )}
      </Tooltip>
      {reason ? <VisuallyHidden id={id}>{reason}</VisuallyHidden> : null}
    </>
  );
}
