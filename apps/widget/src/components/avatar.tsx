import { useEffect, useState } from 'preact/hooks';
import { initialsOf } from '../config';

type AvatarProps = { src: string | null; name: string; alt: string; small?: boolean };

/** An image with its alt text; the name's initials when there is no image or it fails to load. */
export function Avatar({ src, name, alt, small }: AvatarProps) {
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const className = small ? 'lw-avatar lw-avatar-sm' : 'lw-avatar';
  if (src && !hasFailed)
    return (
      <span class={className}>
        <img src={src} alt={alt} onError={() => setFailed(true)} />
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
