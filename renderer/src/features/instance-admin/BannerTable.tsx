import { Badge, Switch, Table } from '@mantine/core';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';
import { BannerMarkdown } from './BannerMarkdown';
import type { Banner } from './instance-admin-api';

/** The banners: message, kind, the shown switch (held while another tab edits), edit and delete. */
export function BannerTable({
  banners,
  locked,
  onToggle,
  onEdit,
  onDelete,
}: {
  banners: readonly Banner[];
  /** The editing lock is held elsewhere: the switches wait. */
  locked: boolean;
  onToggle: (banner: Banner, enabled: boolean) => void;
  onEdit: (banner: Banner) => void;
  onDelete: (banner: Banner) => void;
}) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Message</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Shown</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {banners.map((banner) => (
          <Table.Tr key={banner.id}>
            <Table.Td>
              <BannerMarkdown text={banner.message} />
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{banner.variant}</Badge>
            </Table.Td>
            <Table.Td>
              <Switch
                checked={banner.enabled}
                disabled={locked}
                aria-label={`Banner ${banner.id} shown`}
                onChange={(event) => onToggle(banner, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <RowActions>
                <RowEditButton label={`banner ${banner.id}`} onClick={() => onEdit(banner)} />
                <RowDeleteButton label={`banner ${banner.id}`} onClick={() => onDelete(banner)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
