import { useState } from 'preact/hooks';
import { initialsOf } from '../config';

type AvatarProps = { src: string | null; name: string; alt: string; small?: boolean };

/** An image with its alt text; the name's initials when there is no image or it fails to load. */
export function Avatar({ src, name, alt, small }: AvatarProps) {
  // Remembers which address failed, so a new address is tried again (no effect to race the error event).
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasFailed = failedSrc === src;
  const className = small ? 'lw-avatar lw-avatar-sm' : 'lw-avatar';
  if (src && !hasFailed)
    return (
      <span class={className}>
        <img src={src} alt={alt} onError={() => setFailedSrc(src)} />
      </span>
    );
  return (
    <span
      class={className}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : 'true'}
    >
      {initialsOf(name)}
    </span>
  );
}
