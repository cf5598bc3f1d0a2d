// `/metabase_stats/report`: any dashboard by its name (`?name=`, `membres` by default), with the same
// filters.
import StatisticsScreen from './StatisticsScreen';

export default function StatisticsReportPage() {
  return <StatisticsScreen chooseName />;
}
