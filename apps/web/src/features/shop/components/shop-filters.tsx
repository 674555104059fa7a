import type { ShopFilter, ShopFilterType } from '@portal/domain/contracts/shop';
import { type ShopFilters, toggleShopFilter } from '@portal/domain/shop/filters';
import { Checkbox } from '../../../components/ui/checkbox';

const GROUP_TITLES: Record<ShopFilterType, string> = {
  type: 'Type',
  protocols: 'Protocols',
  benefits: 'Benefits',
};

const TYPE_LABELS: Record<string, string> = {
  lab: 'Labs',
  supplement: 'Supplements',
  medication: 'Medications',
  coaching_membership: 'Coaching',
};

/** How a filter value reads: product types by their plural name, tags as the clinic spells them. */
export function filterValueLabel(group: ShopFilterType, value: string): string {
  return group === 'type' ? (TYPE_LABELS[value.toLowerCase()] ?? value) : value;
}

/** The filter groups as checkbox groups, each led by All (002 §2.6); every change goes to `onChange`. */
export function ShopFilterGroups({
  groups,
  filters,
  onChange,
  idPrefix,
}: {
  groups: ShopFilter[];
  filters: ShopFilters;
  onChange: (next: ShopFilters) => void;
  idPrefix: string;
}) {
  return (
    <>
      {groups.map((group) => {
        const chosen = filters[group.type];
        const isChosen = (v: string) => chosen.some((c) => c.toLowerCase() === v.toLowerCase());
        return (
          <fieldset key={group.type} className="shop-filters__group">
            <legend className="shop-filters__legend">{GROUP_TITLES[group.type]}</legend>
            <Checkbox
              id={`${idPrefix}-${group.type}-all`}
              label="All"
              checked={chosen.length === 0}
              onChange={(e) => onChange(toggleShopFilter(filters, group.type, 'all', e.target.checked))}
            />
            {group.valid_values.map((value) => (
              <Checkbox
                key={value}
                id={`${idPrefix}-${group.type}-${value.replace(/\W+/g, '-')}`}
                label={filterValueLabel(group.type, value)}
                checked={isChosen(value)}
                onChange={(e) => onChange(toggleShopFilter(filters, group.type, value, e.target.checked))}
              />
            ))}
          </fieldset>
        );
      })}
    </>
  );
}
