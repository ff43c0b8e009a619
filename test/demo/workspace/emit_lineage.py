"""Emits lineage for the orders table (sample file: the URNs are what matter)."""

ORDERS = "urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)"
ORDERS_STAGING = "urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD)"
LOAD_JOB = "urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)"
DASHBOARD_CHART = "urn:li:chart:(looker,dashboard_elements.42)"


def upstreams() -> dict[str, list[str]]:
    # Which datasets feed which: the job reads staging and writes the table.
    return {ORDERS: [ORDERS_STAGING], DASHBOARD_CHART: [ORDERS]}


if __name__ == "__main__":
    for downstream, sources in upstreams().items():
        print(downstream, "<-", ", ".join(sources))
