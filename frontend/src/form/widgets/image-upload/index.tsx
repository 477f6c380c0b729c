import type { StoredImage } from '@guildhall/generated/types';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { Image } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { ApiError, client, guildImageUrl } from '../../../api/client';
import type { SchemaFormContext } from '../../core/form-context';
import { fileBase64, formatBytes, typeLabel } from './read-file';

/** What the field's x-image says it takes (the schema's; the server checks the bytes against it). */
interface ImageRule {
  types?: string[];
}

/** What is known of the shown image: from the upload's answer, or its dimensions once the thumbnail has loaded. */
interface ShownImage {
  id: string;
  type?: string;
  width?: number;
  height?: number;
  bytes?: number;
}

/** The server's words for a refused upload: its field errors at /data or /fileName, else its error. */
function uploadError(err: unknown): string {
  if (err instanceof ApiError) {
    const at = err.fieldErrors.filter((e) => e.path === '/data' || e.path === '/fileName').map((e) => e.message);
    return at.length ? at.join(' ') : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * An image field (x-ui widget `image-upload`): a file picked with the button or dropped on the zone is uploaded to the
 * section's image route, which checks its bytes against the field's x-image and answers its id (the SHA-256 of the
 * bytes), the value the form saves. The thumbnail comes from our storage. Remove empties the field (the global image).
 * No limit is checked here: the server says, in the schema's words.
 */
export function ImageUploadWidget(props: WidgetProps) {
  const { id, name, value, onChange, schema, disabled, readonly, label, registry } = props;
  const { guildId, section = '' } = registry.formContext as SchemaFormContext;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [known, setKnown] = useState<ShownImage | null>(null);
  const errorId = useId();
  const infoId = useId();
  const imageId = typeof value === 'string' ? value : '';
  const shown: ShownImage | null = imageId ? (known?.id === imageId ? known : { id: imageId }) : null;
  const accept = ((schema as { 'x-image'?: ImageRule })['x-image']?.types ?? ['image/*']).join(',');
  const locked = disabled || readonly;
  const title = label || name;

  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      const data = await fileBase64(file);
      const answer = await client.uploadSettingsImage(guildId, section, name, { fileName: file.name, data });
      const image: StoredImage = answer.image;
      setKnown({ id: image.id, type: image.type, width: image.width, height: image.height, bytes: image.bytes });
      onChange(image.id);
    } catch (err) {
      setError(uploadError(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !locked && !busy) void upload(file);
  };

  const describedBy = [ariaDescribedByIds(id), error ? errorId : '', shown ? infoId : ''].filter(Boolean).join(' ');
  const info = shown
    ? [
        shown.type && typeLabel(shown.type),
        shown.width && shown.height ? `${shown.width}×${shown.height}` : '',
        shown.bytes ? formatBytes(shown.bytes) : '',
      ].filter(Boolean)
    : [];

  return (
    <div data-image-upload={name}>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!locked) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-drop-zone=""
        className={`flex flex-wrap items-center gap-4 rounded-lg border-2 border-dashed p-4 ${over ? 'border-brand bg-brand/10' : error ? 'border-danger' : 'border-line'}`}
      >
        {shown ? (
          <img
            src={guildImageUrl(guildId, shown.id)}
            alt={`${title}: the uploaded image`}
            className={`shrink-0 rounded-md bg-panel-2 object-cover ${name === 'banner' ? 'h-16 w-40' : 'h-16 w-16'}`}
            onLoad={(e) => {
              const img = e.currentTarget;
              if (known?.id !== shown.id && img.naturalWidth)
                setKnown({ id: shown.id, width: img.naturalWidth, height: img.naturalHeight });
            }}
          />
        ) : (
          <span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-panel-2 text-muted">
            <Image className="h-6 w-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted">
            {busy ? 'Uploading...' : shown ? 'Drop another image here to replace it, or' : 'Drop an image here, or'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              id={id}
              type="button"
              className="btn-secondary"
              disabled={locked || busy}
              aria-busy={busy || undefined}
              aria-label={`${shown ? 'Replace image' : 'Choose image'} for ${title}`}
              aria-describedby={describedBy || undefined}
              onClick={() => input.current?.click()}
            >
              {shown ? 'Replace image' : 'Choose image'}
            </button>
            {shown && (
              <button
                type="button"
                className="btn-secondary"
                disabled={locked || busy}
                aria-label={`Remove image for ${title}`}
                onClick={() => {
                  setError(null);
                  onChange('');
                }}
              >
                Remove image
              </button>
            )}
          </div>
          {info.length > 0 && (
            <p id={infoId} className="mt-2 text-xs text-muted" data-image-info="">
              {info.join(' · ')}
            </p>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={accept}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-image-file={name}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm break-words text-danger" data-upload-error="">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
