// `/metabase_stats`: the members' dashboard (built in, or Metabase's when a name of it is set), filtered by
// region and registration period.
import StatisticsScreen from './StatisticsScreen';

export default function StatisticsPage() {
  return <StatisticsScreen />;
}
