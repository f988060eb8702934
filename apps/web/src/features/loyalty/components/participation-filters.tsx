import { Flex, Segmented, Select } from 'antd';
import { loyaltyKeys } from '@/features/loyalty/api/loyalty-api';
import { filterPatch, PARTICIPATION_DEFAULTS, type ParticipationRequest } from '@/features/loyalty/loyalty-list-params';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { ListSearch } from '@/shared/ui/list-search';
import { RefreshButton } from '@/shared/ui/refresh-button';

const T = LOYALTY_UI.participation;

type Membership = 'ALL' | 'Y' | 'N';
const MEMBERSHIP: { value: Membership; label: string }[] = [
  { value: 'ALL', label: T.allClients },
  { value: 'Y', label: T.members },
  { value: 'N', label: T.notMembers },
];

interface Props {
  request: ParticipationRequest;
  statuses: { ID: number; TITLE: string }[];
  onChange: (patch: ListParamsPatch) => void;
}

/** The search (name, INN, card), membership and status filters; each change starts at page 1. */
export function ParticipationFilters({ request, statuses, onChange }: Props) {
  const set = (patch: ListParamsPatch) => onChange(filterPatch(PARTICIPATION_DEFAULTS, patch));
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="participation-filters">
      <ListSearch testId="participation-search" query={request.query} placeholder={T.search} onSearch={(query) => set({ query })} />
      <Segmented<Membership>
        aria-label={T.member}
        options={MEMBERSHIP}
        value={request.is_avail ?? 'ALL'}
        onChange={(value) => set({ is_avail: value === 'ALL' ? null : value })}
        data-testid="participation-filter-avail"
      />
      <Select
        allowClear
        placeholder={T.anyStatus}
        value={request.status_id}
        options={statuses.map((s) => ({ value: s.ID, label: s.TITLE }))}
        onChange={(value?: number) => set({ status_id: value ?? null })}
        style={{ width: 200 }}
        data-testid="participation-filter-status"
      />
      <RefreshButton queryKey={loyaltyKeys.participations()} testId="participation-refresh" />
    </Flex>
  );
}
