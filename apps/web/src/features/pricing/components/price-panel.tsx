import { useMemo, useState } from 'react';
import { Alert, Card, Empty, Flex, Skeleton } from 'antd';
import type { PriceKind } from '@b2b/contracts/pricing';
import { errorText } from '@/api/error-text';
import { useSections } from '@/features/pricing/api/pricing-api';
import { panelRights } from '@/features/pricing/panel/panel-rights';
import { PriceFileBlock } from '@/features/pricing/panel/price-file-block';
import { fileParts, type PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { SectionProducts } from '@/features/pricing/panel/section-products';
import { SectionTree } from '@/features/pricing/panel/section-tree';
import { YmlBlock } from '@/features/pricing/panel/yml-block';
import { useSession } from '@/shared/auth/session-context';

/**
 * The pricing of one price list, column (the base list's id is `personal_price`) or client
 * (shop-pricing-offers-loyalty.md §2 /partner/pricing/{type}, §4): the price files and YML links, the base list's
 * remains and multiplicities, the section tree with its markups and the selected section's products with their
 * prices. What the user may not do is not shown (§6); the server checks the same rights.
 */
export function PricePanel({ type, id }: { type: PriceKind; id: number | string }) {
  const target = useMemo<PanelTarget>(() => ({ type, id }), [type, id]);
  const rights = panelRights(type, useSession().rights);
  const sections = useSections(target);
  const [selected, setSelected] = useState<number>();
  const section = sections.data?.ITEMS.find((s) => s.ID === selected);
  const [price, ...parts] = fileParts(target);

  return (
    <Flex vertical gap={16} data-testid="price-panel" data-type={type} data-id={String(id)}>
      <Flex wrap gap={16} align="flex-start">
        <div style={{ flex: '2 1 460px', minWidth: 0 }}>
          <PriceFileBlock target={target} part={price} rights={rights} title={type === 'client' ? T.personalFileTitle : T.fileTitle.price} />
        </div>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <YmlBlock target={target} canEdit={rights.yml} />
        </div>
      </Flex>
      {parts.length > 0 && (
        <Flex wrap gap={16} align="flex-start">
          {parts.map((part) => (
            <div key={part} style={{ flex: '1 1 400px', minWidth: 0 }}>
              <PriceFileBlock target={target} part={part} rights={rights} title={T.fileTitle[part]} />
            </div>
          ))}
        </Flex>
      )}
      {sections.error ? (
        <Alert type="error" showIcon title={errorText(sections.error)} />
      ) : !sections.data ? (
        <Skeleton active />
      ) : (
        <Flex wrap gap={16} align="flex-start">
          <div style={{ flex: '1 1 300px', maxWidth: 420, minWidth: 0 }}>
            <SectionTree items={sections.data.ITEMS} total={sections.data.TOTAL} selected={selected} onSelect={setSelected} />
          </div>
          <div style={{ flex: '3 1 560px', minWidth: 0 }}>
            {section ? (
              <SectionProducts key={section.ID} target={target} section={section} rights={rights} />
            ) : (
              <Card size="small">
                <Empty description={T.chooseSection} />
              </Card>
            )}
          </div>
        </Flex>
      )}
    </Flex>
  );
}
