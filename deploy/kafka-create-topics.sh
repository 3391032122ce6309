#!/bin/sh
# Creates the topics of deploy/kafka-topics.conf on a Kafka cluster, idempotently: missing topics are
# created, existing ones get the file's configs (partition counts of existing topics are left alone:
# raise them by hand with kafka-topics.sh --alter, Kafka cannot lower them).
# Used by the kafka-init service of docker-compose.yml; works with any Kafka distribution.
#
#   kafka-create-topics.sh <bootstrap-server> [topics-file]
#
# Env: KAFKA_BIN (default /opt/kafka/bin, as in the apache/kafka image), KAFKA_TOPIC_REPLICATION_FACTOR
# (default 1: one broker; use 3 on a production cluster).
set -euf

bootstrap="${1:?usage: kafka-create-topics.sh <bootstrap-server> [topics-file]}"
conf="${2:-$(dirname "$0")/kafka-topics.conf}"
bin="${KAFKA_BIN:-/opt/kafka/bin}"
replication="${KAFKA_TOPIC_REPLICATION_FACTOR:-1}"

tries=0
until "$bin/kafka-topics.sh" --bootstrap-server "$bootstrap" --list >/dev/null 2>&1; do
  tries=$((tries + 1))
  [ "$tries" -lt 60 ] || { echo "kafka at $bootstrap does not answer" >&2; exit 1; }
  sleep 2
done

sed -e 's/#.*//' "$conf" | while read -r name rest; do
  [ -n "$name" ] || continue
  partitions=6 configs=""
  set --
  for kv in $rest; do
    case "$kv" in
      partitions=*) partitions="${kv#partitions=}" ;;
      ?*=?*)
        set -- "$@" --config "$kv"
        configs="${configs:+$configs,}${kv%%=*}=[${kv#*=}]" ;; # [] lets a value hold commas
      *) echo "$conf: topic $name: expected key=value, got '$kv'" >&2; exit 1 ;;
    esac
  done
  "$bin/kafka-topics.sh" --bootstrap-server "$bootstrap" --create --if-not-exists --topic "$name" \
    --partitions "$partitions" --replication-factor "$replication" "$@" >/dev/null
  if [ -n "$configs" ]; then
    "$bin/kafka-configs.sh" --bootstrap-server "$bootstrap" --alter --entity-type topics \
      --entity-name "$name" --add-config "$configs" >/dev/null
  fi
  echo "topic $name ready:" $rest "(replication factor $replication)"
done
