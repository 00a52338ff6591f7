import { useCallback, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_NS } from './conversation-texts';
import { MissingCredits, missingCredits } from './missing-credits';

export interface PhotoPreviewDialogProps {
  /** The picked file; null keeps the dialog closed. */
  file: File | null;
  partnerName: string;
  /** The site's photo_credits. */
  price: number;
  /** The same credits in money at the best package ('£0.18'), when known. */
  money: string | null;
  balance: number;
  onSend: (file: File) => void;
  onCancel: () => void;
}

/**
 * The picked file drawn from a local URL that lives as long as the element (a ref with a cleanup,
 * React 19): nothing leaves the device for the preview.
 */
function LocalPreview({ file, alt, onError }: { file: File; alt: string; onError: () => void }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || typeof URL.createObjectURL !== 'function') return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL?.(url);
    },
    [file],
  );
  return <img ref={attach} alt={alt} className="chat-photo-preview__image" onError={onError} />;
}

/**
 * A picked photo asks first (issue 29): the preview, its price in credits and money, and Send or
 * Cancel. Nothing is uploaded or charged before Send; Cancel (or Escape) leaves the balance as it
 * was. Below the price Send is off and the missing credits lead to the packages.
 */
export function PhotoPreviewDialog({ file, partnerName, price, money, balance, onSend, onCancel }: PhotoPreviewDialogProps) {
  const { t } = useTranslation(CONVERSATION_NS);
  const id = useId();
  // HEIC and the like: the browser cannot draw it (the server converts it); the file's name says which it is.
  const [brokenFile, setBrokenFile] = useState<File | null>(null);
  const short = missingCredits(price, balance) > 0;
  const sendButton = useRef<HTMLButtonElement>(null);
  return (
    // Open, the focus goes to Send (Enter sends, Escape cancels); below the price it stays on the dialog.
    <Modal
      show={!!file}
      onHide={onCancel}
      onEntered={() => sendButton.current?.focus()}
      centered
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-price`}
      id="chat-photo-preview"
    >
      <Modal.Header closeButton closeLabel={t('chat.close')}>
        <Modal.Title id={`${id}-title`} className="h5">
          {t('photoPreview.title', { name: partnerName })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="chat-photo-preview__frame mb-3">
          {file && brokenFile !== file ? (
            <LocalPreview
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              alt={t('photoPreview.alt')}
              onError={() => setBrokenFile(file)}
            />
          ) : (
            <p className="chat-photo-preview__name mb-0">{t('photoPreview.noPreview', { name: file?.name ?? '' })}</p>
          )}
        </div>
        <p id={`${id}-price`} className="mb-2" data-testid="photo-preview-price">
          {money ? t('photoPreview.priceWithMoney', { count: price, money }) : t('photoPreview.price', { count: price })}
        </p>
        <p className="small text-body-secondary mb-2">{t('photoPreview.nothingYet')}</p>
        <MissingCredits id="chat-photo-missing" price={price} balance={balance} />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" id="chat-photo-cancel" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('photoPreview.cancel')}
        </button>
        <button
          type="button"
          id="chat-photo-send"
          className="btn btn-primary"
          ref={sendButton}
          disabled={short}
          onClick={() => {
            if (file && !short) onSend(file);
          }}
        >
          {t('photoPreview.send')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
