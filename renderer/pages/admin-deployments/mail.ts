/** A mailto: link to a deployment's owner with a prefilled warning that it will be shut down. */
export function shutdownMailto(o: { email: string; deploymentName: string; productName: string }): string {
  const subject = `Your ${o.productName} deployment "${o.deploymentName}" will be shut down`;
  const body = [
    'Hello,',
    '',
    `This is a notice that your ${o.productName} deployment "${o.deploymentName}" will be shut down soon. All data on it will be destroyed.`,
    '',
    'If you still need it, please reply to this email.',
    '',
    'Thank you',
  ].join('\r\n');
  // encodeURIComponent, not URLSearchParams: mail clients read "+" literally, and line breaks are CRLF (RFC 6068).
  return `mailto:${encodeURIComponent(o.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
