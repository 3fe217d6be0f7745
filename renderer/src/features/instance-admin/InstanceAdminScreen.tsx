import { Tabs } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { replaceQuery, useLocation } from '../../router/navigation';
import { INSTANCE_ADMIN_TABS } from './instance-admin-tabs';

/** `/admin/instance`: running the instance (issue 19): banners, maintenance, console errors, about. */
export function InstanceAdminScreen() {
  const location = useLocation();
  const asked = location.query.tab;
  const current =
    INSTANCE_ADMIN_TABS.find((tab) => tab.value === asked)?.value ?? INSTANCE_ADMIN_TABS[0]?.value;
  return (
    <>
      <PageHeader
        title="Instance"
        description="Banners, maintenance mode, console errors and the server's version."
      />
      <Tabs
        value={current ?? null}
        onChange={(value) => value && replaceQuery(location.path, { tab: value })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {INSTANCE_ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {INSTANCE_ADMIN_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.render()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
