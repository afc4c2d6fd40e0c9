import { useEffect, useRef, useState } from 'react';

/**
 * The step of a payment dialog (Pay Now, Renew): choosing a method, or the bank-transfer details.
 * Bank Transfer and Back remove the button that had focus; the title takes it so keyboard users
 * stay in the dialog and hear which step they are on. (Opening focuses the first control.)
 */
export function usePaymentStep() {
  const [method, setMethod] = useState<'choose' | 'bank'>('choose');
  const title = useRef<HTMLHeadingElement>(null);
  const shownMethod = useRef(method);
  useEffect(() => {
    if (shownMethod.current === method) return;
    shownMethod.current = method;
    title.current?.focus();
  }, [method]);
  return { method, setMethod, title };
}
