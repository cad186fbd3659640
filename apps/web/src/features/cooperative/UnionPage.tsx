import {
  Button,
  FileButton,
  Grid,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type UpdateUnionBody, updateUnionBody } from '@ushirika/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/use-can.ts';
import { UNION_ENTITY_ID, useUnionProfile, useUpdateUnion, useUploadLogo } from './hooks.ts';
import { PaymentSettingsPanel } from './PaymentSettingsPanel.tsx';
import { PayoutSettingsPanel } from './PayoutSettingsPanel.tsx';
import { RegionsPanel } from './RegionsPanel.tsx';

const EMPTY = { name: '', registrationNo: '', tin: '', address: '', region: '', phone: '', email: '' };

export default function UnionPageRoute() {
  return (
    <RequirePermission permission="cooperative.union.read" unionOnly>
      <UnionPage />
    </RequirePermission>
  );
}

function UnionPage() {
  const { t } = useTranslation();
  const profile = useUnionProfile();
  const update = useUpdateUnion();
  const form = useForm(EMPTY);
  const canEdit = useCan('cooperative.union.update');
  const { reset } = form;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  // Kept in state as well as the address: a click on a tab changed the address but not the tab.
  const [tab, setTab] = useState(asked === 'regions' || asked === 'payments' ? asked : 'profile');
  const canEditPayments = useCan('settings.collection.update', 'union');

  useEffect(() => {
    if (!profile.data) return;
    const { logo: _logo, updatedAt: _at, ...fields } = profile.data;
    reset(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ''])) as typeof EMPTY);
  }, [profile.data, reset]);

  const save = form.onSubmit(() => {
    const body = form.validate<UpdateUnionBody>(updateUnionBody);
    if (!body) return;
    update.mutate(body, { onSuccess: (r) => toastSuccess(r.message), onError: form.showApiError });
  });

  return (
    <>
      <PageHeader
        title={t('union.title')}
        description={t('union.description')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('union.title') }]}
      />
      <Tabs
        value={tab}
        onChange={(v) => {
          setTab(v ?? 'profile');
          setParams(v && v !== 'profile' ? { tab: v } : {}, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="profile">{t('union.profileTab')}</Tabs.Tab>
          <Tabs.Tab value="regions" data-testid="union-regions-tab">
            {t('regionsMd.title')}
          </Tabs.Tab>
          <Tabs.Tab value="payments" data-testid="union-payments-tab">
            {t('union.paymentsTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments">
          <PaymentSettingsPanel canEdit={canEditPayments} />
          <PayoutSettingsPanel canEdit={canEditPayments} />
        </Tabs.Panel>
        <Tabs.Panel value="regions">
          <RegionsPanel canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="profile">
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder p="lg" radius="md">
                <FormLayout
                  onSubmit={save}
                  error={form.formError}
                  submitLabel={t('common.save')}
                  submitting={update.isPending}
                  testId="union-form"
                >
                  <TextInput label={t('union.name')} required disabled={!canEdit} {...form.text('name')} />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('union.registrationNo')}
                      disabled={!canEdit}
                      {...form.text('registrationNo')}
                    />
                    <TextInput label={t('union.tin')} disabled={!canEdit} {...form.text('tin')} />
                    <TextInput label={t('fields.phone')} disabled={!canEdit} {...form.text('phone')} />
                    <TextInput label={t('fields.email')} disabled={!canEdit} {...form.text('email')} />
                    <TextInput label={t('union.region')} disabled={!canEdit} {...form.text('region')} />
                    <TextInput label={t('union.address')} disabled={!canEdit} {...form.text('address')} />
                  </SimpleGrid>
                </FormLayout>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <LogoCard logo={profile.data?.logo ?? null} canEdit={canEdit} />
              <HistoryPanel entity="union" id={UNION_ENTITY_ID} order={3} mt="md" />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** The union's logo (on every document's letterhead), and its upload. */
function LogoCard({ logo, canEdit }: { logo: string | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack align="center">
        <Title order={3} size="h5">
          {t('union.logo')}
        </Title>
        {logo ? (
          <Image src={logo} alt={t('union.logo')} h={120} w="auto" fit="contain" />
        ) : (
          <Text c="dimmed" size="sm">
            {t('union.noLogo')}
          </Text>
        )}
        {canEdit && (
          <FileButton
            accept="image/png,image/jpeg,image/gif,image/avif"
            onChange={(file) => file && upload.mutate(file, { onSuccess: (r) => toastSuccess(r.message) })}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={upload.isPending}
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                {t('union.uploadLogo')}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dimmed">
          {t('union.logoHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
