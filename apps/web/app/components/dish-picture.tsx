import { uploadedPicture } from '@resto/domain/images';

/**
 * A dish's image (docs/decisions/023): one uploaded from the back office (/uploads/…) as a <picture>
 * with its AVIF and WebP widths (`sizes` says how wide it is shown); a bundled /images/… file as a
 * plain <img>. `width`/`height` give the 4:3 box before the file arrives.
 */
export function DishPicture({
  src,
  alt = '',
  sizes,
  width,
  height,
  className,
  loading,
}: {
  src: string;
  alt?: string;
  /** The <img> `sizes`: how wide the image is shown ('112px', '(min-width: 640px) 32rem, 100vw'). */
  sizes: string;
  width?: number;
  height?: number;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const picture = uploadedPicture(src);
  if (!picture) return <img src={src} alt={alt} width={width} height={height} loading={loading} className={className} />;
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={picture.webpSrcSet} sizes={sizes} />
      <img
        src={picture.src}
        srcSet={picture.webpSrcSet}
        sizes={sizes}
        alt={alt}
        width={width ?? picture.width}
        height={height ?? picture.height}
        loading={loading}
        className={className}
      />
    </picture>
  );
}
