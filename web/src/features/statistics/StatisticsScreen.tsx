// The statistics: the filters at the top (a region, a period), kept in the address, then the dashboard
// asked: on `/metabase_stats`, a tab for each built-in dashboard (`membres`, `cartes`); on
// `/metabase_stats/report`, any dashboard by its name. The dashboard's name is kept in the address too.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Spin, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import DateField from '../../shared/form/DateField';
import RemoteSelect from '../../shared/form/RemoteSelect';
import { useSearchParamsUpdate } from '../../shared/hooks/useSearchParamsUpdate';
import { regionOptions } from '../geography/levelOptions';
import { BUILT_IN_DASHBOARDS, MEMBERS_DASHBOARD, useDashboard } from './api';
import DashboardView from './DashboardView';
import { FILTER_PARAMS, filtersFrom } from './filters';
import { statisticsText as text } from './fr';

const ISO_DAY = 'YYYY-MM-DD';

/** A day of the address as a date field's value. */
const dayValue = (day: string): Dayjs | null => (day ? dayjs(day) : null);

export default function StatisticsScreen({ chooseName = false }: { chooseName?: boolean }) {
  // Each filter's change starts from the last one written, not from the address of the last render: a
  // region and two dates set in quick succession all stay (with React Router's own setter, the second
  // change made before the screen rendered the first one dropped it).
  const [searchParams, updateSearchParams] = useSearchParamsUpdate();
  const filters = filtersFrom(searchParams);
  const named = searchParams.get(FILTER_PARAMS.name)?.trim() ?? '';
  const builtIn = (BUILT_IN_DASHBOARDS as readonly string[]).includes(named);
  const reportName = (chooseName || builtIn ? named : '') || MEMBERS_DASHBOARD;
  const [typedName, setTypedName] = useState(reportName);
  const dashboard = useDashboard(reportName, filters);

  /** Writes one parameter into the address (null or empty: removes it). */
  const setParam = (key: string, value: string | null) =>
    updateSearchParams((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
    });
  /** A date field's change: a day is written, an empty field removes it, a text that is no date waits. */
  const setDay = (key: string) => (value: Dayjs | null) => {
    if (value === null) setParam(key, null);
    else if (value.isValid()) setParam(key, value.format(ISO_DAY));
  };
  const clearFilters = () =>
    updateSearchParams((next) =>
      [FILTER_PARAMS.regionId, FILTER_PARAMS.from, FILTER_PARAMS.to].forEach((key) => next.delete(key)),
    );
  const filtered = filters.regionId !== null || filters.from !== '' || filters.to !== '';

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center" role="search" aria-label={text.filters}>
        {chooseName && (
          <Input.Search
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
            onSearch={(name) => setParam(FILTER_PARAMS.name, name.trim() || null)}
            enterButton={text.open}
            placeholder={text.reportName}
            aria-label={text.reportName}
            title={text.reportNameHint}
            style={{ width: 320 }}
          />
        )}
        <RemoteSelect
          queryKey={['statistics', 'regions']}
          load={regionOptions}
          value={filters.regionId}
          onChange={(id) => setParam(FILTER_PARAMS.regionId, id ? String(id) : null)}
          placeholder={text.allRegions}
          aria-label={text.region}
          style={{ width: 240 }}
        />
        <Flex gap={8} align="center" title={text.periodHint}>
          <label htmlFor="statistics-from">{text.from}</label>
          <div style={{ width: 150 }}>
            <DateField id="statistics-from" value={dayValue(filters.from)} onChange={setDay(FILTER_PARAMS.from)} />
          </div>
          <label htmlFor="statistics-to">{text.to}</label>
          <div style={{ width: 150 }}>
            <DateField id="statistics-to" value={dayValue(filters.to)} onChange={setDay(FILTER_PARAMS.to)} />
          </div>
        </Flex>
        {filtered && <Button onClick={clearFilters}>{text.clear}</Button>}
      </Flex>
      {!chooseName && (
        <Tabs
          activeKey={reportName}
          onChange={(name) => setParam(FILTER_PARAMS.name, name === MEMBERS_DASHBOARD ? null : name)}
          items={BUILT_IN_DASHBOARDS.map((name) => ({ key: name, label: text.tabs[name] }))}
          style={{ marginBottom: -16 }}
        />
      )}
      {dashboard.isError && !dashboard.data ? (
        <Alert
          type="error"
          showIcon
          title={text.error}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void dashboard.refetch()}>
              {text.retry}
            </Button>
          }
        />
      ) : dashboard.data ? (
        <Spin spinning={dashboard.isFetching} description={text.loading}>
          <DashboardView dashboard={dashboard.data} />
        </Spin>
      ) : (
        <Spin description={text.loading}>
          <div style={{ minHeight: 200 }} />
        </Spin>
      )}
    </Flex>
  );
}
