import type { ReactNode } from 'react';

export interface ContactLinks {
  email: string;
  phone: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Turns the support e-mail address and phone number inside a text into mailto: and tel: links. */
export function withContactLinks(text: string, { email, phone }: ContactLinks): ReactNode {
  const hrefs = new Map<string, string>();
  if (email.includes('@')) hrefs.set(email, `mailto:${email}`);
  const dialable = phone.replace(/[^\d+]/g, '');
  if (dialable.length >= 6) hrefs.set(phone, `tel:${dialable}`);
  if (hrefs.size === 0) return text;

  const pattern = new RegExp(`(${[...hrefs.keys()].map(escapeRegExp).join('|')})`, 'g');
  const parts = text.split(pattern);
  if (parts.length === 1) return text;
  return parts.map((part, index) => {
    const href = hrefs.get(part);
    return href ? (
      <a key={index} href={href} className={href.startsWith('tel:') ? 'text-nowrap' : undefined}>
        {part}
      </a>
    ) : (
      part
    );
  });
}
