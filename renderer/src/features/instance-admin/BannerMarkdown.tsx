import { Anchor, Text } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';

/**
 * Banner text is markdown written by an administrator and shown to everyone: rendered without raw
 * HTML (react-markdown never injects it; `skipHtml` drops it), without images, and with links
 * only to http(s) addresses, opened outside the console.
 */
const ALLOWED = [
  'p',
  'strong',
  'em',
  'del',
  'a',
  'code',
  'ul',
  'ol',
  'li',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
];

const safeHref = (href: string | undefined) => (href && /^https?:\/\//i.test(href) ? href : undefined);

const components: Components = {
  a: ({ href, children }) => {
    const safe = safeHref(href);
    return safe ? (
      <Anchor href={safe} target="_blank" rel="noopener noreferrer" inherit underline="always">
        {children}
      </Anchor>
    ) : (
      <span>{children}</span>
    );
  },
  p: ({ children }) => (
    <Text component="span" inherit display="block">
      {children}
    </Text>
  ),
};

export function BannerMarkdown({ text }: { text: string }) {
  return (
    <Markdown skipHtml allowedElements={ALLOWED} unwrapDisallowed components={components}>
      {text}
    </Markdown>
  );
}
