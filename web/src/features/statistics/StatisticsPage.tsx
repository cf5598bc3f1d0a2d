// `/metabase_stats`: the built-in dashboards in tabs, the members' and the payments' and deliveries' (each
// Metabase's when its name is set there), filtered by region and period.
import StatisticsScreen from './StatisticsScreen';

export default function StatisticsPage() {
  return <StatisticsScreen />;
}
