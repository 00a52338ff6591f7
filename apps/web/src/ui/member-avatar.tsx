import type { TUser } from '@cupido/shared/contracts/accounts';

/** The URL of a photo file under the site's CDN prefix ('/photos/' + 'ab12.jpg'). */
export function photoUrl(cdnPrefix: string, filename: string): string {
  return `${cdnPrefix.replace(/\/+$/, '')}/${filename.replace(/^\/+/, '')}`;
}

/** A member's round thumbnail, or their initial on a coloured circle when there is no usable photo. */
export function MemberAvatar({
  profile,
  cdnPrefix,
  size = 32,
  alt = '',
}: {
  profile: Pick<TUser['profile'], 'name' | 'main_image'>;
  cdnPrefix: string;
  size?: number;
  alt?: string;
}) {
  const image = profile.main_image?.status === 'active' ? profile.main_image : null;
  const style = { width: size, height: size };
  if (image) {
    return (
      <img className="member-avatar" src={photoUrl(cdnPrefix, image.thumb_filename)} alt={alt} width={size} height={size} style={style} />
    );
  }
  return (
    <span
      className="member-avatar member-avatar--initial"
      style={{ ...style, fontSize: size * 0.45 }}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {profile.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
