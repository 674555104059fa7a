import { contrastRatio, parseHex } from '@portal/domain/branding/contrast';
import {
  BANNER_ACTION_LABELS,
  BANNER_ACTION_TYPES,
  type BannerActionType,
  SHOP_LIMITS,
} from '@portal/domain/contracts/care-catalogue';
import type { ShopTextMode } from '@portal/domain/contracts/shop';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextInput } from '../../../components/ui/text-input';
import type { FieldErrors } from '../lib/form-errors';

/** A banner as the form holds it: every field a string, the image empty when there is none. */
export type BannerDraft = {
  key: string;
  title: { value: string; mode: ShopTextMode };
  label_name: { value: string; mode: ShopTextMode };
  action: { type: string; value: string; mode: ShopTextMode };
  background_color: string;
  image: string;
  carousel_indicators: { mode: ShopTextMode };
};

const MODES = [
  { value: 'light', label: 'Light text (for a dark background)' },
  { value: 'dark', label: 'Dark text (for a light background)' },
];
const TEXT_COLOUR: Record<ShopTextMode, string> = { light: '#ffffff', dark: '#14181e' };

/** The contrast of the banner's text on its background, or null while the colour is not #RRGGBB. */
export function bannerContrast(background: string, mode: ShopTextMode): number | null {
  const bg = parseHex(background.trim());
  const fg = parseHex(TEXT_COLOUR[mode]);
  return bg && fg ? contrastRatio(bg, fg) : null;
}

const TARGET_HINT: Record<BannerActionType, string> = {
  'external-link': 'A web address starting with https://; it opens in a new tab.',
  'medication-visit': 'The medication whose visit the button starts.',
  'lab-visit': 'The lab the button books.',
  'in-app-path': 'A page of the patient’s portal, such as labs or subscriptions.',
};

export type ProductChoice = { id: string; name: string; type: string };

/**
 * One slide of the shop's hero carousel: its texts and their modes, what the button does, the background
 * and the image, with a small live preview drawn as the shop draws it.
 */
export function BannerEditor(props: {
  banner: BannerDraft;
  index: number;
  count: number;
  errors: FieldErrors;
  products: readonly ProductChoice[];
  onChange: (banner: BannerDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { banner, index, count, errors, products, onChange } = props;
  const headingId = useId();
  const at = (path: string) => errors[`banners.${index}.${path}`];
  const n = index + 1;
  const type = banner.action.type as BannerActionType;
  const choices = products.filter((p) =>
    type === 'lab-visit' ? p.type === 'lab' : type === 'medication-visit' ? p.type !== 'lab' : false,
  );
  const contrast = bannerContrast(banner.background_color, banner.title.mode);
  const validColour = /^#[0-9a-fA-F]{6}$/.test(banner.background_color.trim());
  return (
    <li className="care-banner" aria-labelledby={headingId}>
      <div className="care-banner__head">
        <h3 className="care-banner__title" id={headingId}>
          Banner {n}
        </h3>
        <div className="care-banner__actions">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
            aria-label={`Move banner ${n} up`}
          >
            Up
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
            aria-label={`Move banner ${n} down`}
          >
            Down
          </Button>
          <Button
            type="button"
            size="sm"
            variant="danger"
            onClick={props.onRemove}
            aria-label={`Remove banner ${n}`}
          >
            Remove
          </Button>
        </div>
      </div>
      <div className="care-banner__body">
        <div className="care-banner__fields">
          <TextInput
            label="Title"
            value={banner.title.value}
            maxLength={SHOP_LIMITS.title}
            error={at('title.value')}
            onChange={(e) => onChange({ ...banner, title: { ...banner.title, value: e.target.value } })}
          />
          <TextInput
            label="Button label"
            value={banner.label_name.value}
            maxLength={SHOP_LIMITS.label}
            error={at('label_name.value')}
            onChange={(e) =>
              onChange({ ...banner, label_name: { ...banner.label_name, value: e.target.value } })
            }
          />
          <Select
            label="Button action"
            value={banner.action.type}
            options={BANNER_ACTION_TYPES.map((t) => ({ value: t, label: BANNER_ACTION_LABELS[t] }))}
            error={at('action.type')}
            onChange={(e) =>
              onChange({ ...banner, action: { ...banner.action, type: e.target.value, value: '' } })
            }
          />
          {type === 'medication-visit' || type === 'lab-visit' ? (
            <Select
              label={type === 'lab-visit' ? 'Lab' : 'Product'}
              hint={TARGET_HINT[type]}
              placeholder="Choose a product"
              value={banner.action.value}
              options={choices.map((p) => ({ value: p.id, label: p.name }))}
              error={at('action.value')}
              onChange={(e) => onChange({ ...banner, action: { ...banner.action, value: e.target.value } })}
            />
          ) : (
            <TextInput
              label={type === 'external-link' ? 'Web address' : 'Portal page'}
              hint={TARGET_HINT[type] ?? undefined}
              value={banner.action.value}
              inputMode={type === 'external-link' ? 'url' : undefined}
              error={at('action.value')}
              onChange={(e) => onChange({ ...banner, action: { ...banner.action, value: e.target.value } })}
            />
          )}
          <TextInput
            label="Background colour"
            hint="As #RRGGBB, for example #0b4a37."
            value={banner.background_color}
            maxLength={7}
            autoComplete="off"
            error={at('background_color')}
            onChange={(e) => onChange({ ...banner, background_color: e.target.value })}
          />
          <Select
            label="Text colour"
            value={banner.title.mode}
            options={MODES}
            error={at('title.mode')}
            onChange={(e) => {
              const mode = e.target.value as ShopTextMode;
              onChange({
                ...banner,
                title: { ...banner.title, mode },
                label_name: { ...banner.label_name, mode },
                action: { ...banner.action, mode },
                carousel_indicators: { mode },
              });
            }}
          />
          <TextInput
            label="Image address (optional)"
            hint="An https:// address, or a path of this site such as /brands/…"
            value={banner.image}
            error={at('image')}
            onChange={(e) => onChange({ ...banner, image: e.target.value })}
          />
        </div>
        <figure className="care-banner__preview">
          <figcaption className="care-muted">Preview</figcaption>
          {validColour && contrast !== null && contrast >= 4.5 ? (
            <div
              className={`care-banner__slide care-banner__slide--${banner.title.mode}`}
              style={{ backgroundColor: banner.background_color.trim() }}
            >
              <div className="care-banner__copy">
                <p className="care-banner__slide-title">{banner.title.value || 'Title'}</p>
                <span className="care-banner__slide-button">{banner.label_name.value || 'Button'}</span>
              </div>
              {banner.image.trim() ? (
                <img className="care-banner__image" src={banner.image.trim()} alt="" />
              ) : null}
            </div>
          ) : (
            <p className="care-banner__no-preview">
              {validColour
                ? `This text colour is hard to read on ${banner.background_color.trim()} (contrast ${contrast?.toFixed(1)}:1, at least 4.5:1 is needed). Choose the other text colour or another background.`
                : 'The preview shows once the background colour reads as #RRGGBB.'}
            </p>
          )}
        </figure>
      </div>
    </li>
  );
}
