{{/*
Names, labels, and what every component's pod is made of. The component templates call these with a
context dict: (dict "root" $ "name" <component name> "c" <its values>).
*/}}

{{- define "sesame.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* <release>-sesame, or the release name alone when it already holds the chart's name. */}}
{{- define "sesame.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "sesame.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels of every object, besides the selector labels. Takes the root context. */}}
{{- define "sesame.commonLabels" -}}
helm.sh/chart: {{ include "sesame.chart" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: sesame
{{- end }}

{{/* Labels of the objects that belong to no component (Secret, Ingress). Takes the root context. */}}
{{- define "sesame.labels" -}}
app.kubernetes.io/name: {{ include "sesame.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{ include "sesame.commonLabels" . }}
{{- end }}

{{/* The labels that select one component's pods. Takes (dict "root" $ "name" <component>). */}}
{{- define "sesame.selectorLabels" -}}
app.kubernetes.io/name: {{ include "sesame.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "sesame.componentLabels" -}}
{{ include "sesame.selectorLabels" . }}
{{ include "sesame.commonLabels" .root }}
{{- end }}

{{/* Name of a component's Deployment, Service, ...: <fullname>-<component>, e.g. sesame-auth. */}}
{{- define "sesame.componentName" -}}
{{- printf "%s-%s" (include "sesame.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The Secret that holds DATABASE_URL, JWT_SECRET, ...: the operator's, or the one the chart makes. */}}
{{- define "sesame.secretName" -}}
{{- .Values.secret.existingSecret | default (printf "%s-secrets" (include "sesame.fullname" .)) }}
{{- end }}

{{/* The CloudNativePG Cluster, when postgresql.cnpg.enabled: <fullname>-pg. Its Services and Secrets
are named after it (<name>-rw, <name>-app, ...). Takes the root context. */}}
{{- define "sesame.cnpgName" -}}
{{- printf "%s-pg" (include "sesame.fullname" .) | trunc 50 | trimSuffix "-" }}
{{- end }}

{{/* Whether this release runs PostgreSQL through CloudNativePG ("true" or ""). Takes the root context. */}}
{{- define "sesame.cnpgEnabled" -}}
{{- if ((.Values.postgresql).cnpg).enabled }}true{{ end }}
{{- end }}

{{/* Whether this release runs NATS (the nats chart, alias natsCluster) ("true" or ""). Takes the root context. */}}
{{- define "sesame.natsClusterEnabled" -}}
{{- if (.Values.natsCluster).enabled }}true{{ end }}
{{- end }}

{{/* The nats chart's name and Service, as that chart computes them (nats.name, nats.fullname) when it is
this chart's dependency under the alias natsCluster. Takes the root context. */}}
{{- define "sesame.natsClusterName" -}}
{{- default "natsCluster" (.Values.natsCluster).nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "sesame.natsClusterService" -}}
{{- $v := .Values.natsCluster | default dict }}
{{- $fullname := "" }}
{{- if $v.fullnameOverride }}
{{- $fullname = $v.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default "natsCluster" $v.nameOverride }}
{{- if contains $name .Release.Name }}
{{- $fullname = .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $fullname = printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- ($v.service).name | default $fullname }}
{{- end }}

{{/* The NATS client port: the release's nats servers' (config.nats.port, 4222 by default). */}}
{{- define "sesame.natsClusterPort" -}}
{{- dig "config" "nats" "port" 4222 (.Values.natsCluster | default dict) | int }}
{{- end }}

{{/* NATS_URL: the release's nats Service when natsCluster.enabled, else nats.url (templated). */}}
{{- define "sesame.natsUrl" -}}
{{- if include "sesame.natsClusterEnabled" . }}
{{- printf "nats://%s:%s" (include "sesame.natsClusterService" .) (include "sesame.natsClusterPort" .) }}
{{- else }}
{{- tpl (required "nats.url is required (the NATS server with JetStream)" .Values.nats.url) . }}
{{- end }}
{{- end }}

{{/* NATS_STREAM_REPLICAS: nats.stream.replicas, or when 0 (the default) 3 with natsCluster.enabled and 1
otherwise; never more than the release's nats servers. */}}
{{- define "sesame.streamReplicas" -}}
{{- $replicas := ((.Values.nats).stream).replicas | default 0 | int }}
{{- if include "sesame.natsClusterEnabled" . }}
{{- $servers := dig "config" "cluster" "replicas" 1 .Values.natsCluster | int }}
{{- if not (dig "config" "cluster" "enabled" false .Values.natsCluster) }}
{{- $servers = 1 }}
{{- end }}
{{- if not $replicas }}
{{- $replicas = min 3 $servers | int }}
{{- end }}
{{- if gt $replicas $servers }}
{{- fail (printf "nats.stream.replicas is %d, but natsCluster runs %d NATS server(s) (natsCluster.config.cluster)" $replicas $servers) }}
{{- end }}
{{- end }}
{{- $replicas | default 1 }}
{{- end }}

{{/* Whether the migration Jobs are rendered ("true" or ""): migrations.enabled, and with CloudNativePG
only once its Cluster exists. At the first install the Cluster is created with the release's other
objects, after the pre-install hooks, so a Job waiting for its Secret would block the install: the
services then migrate as they start. The Cluster is looked up only where the API knows the kind
(not in `helm template`, which therefore renders no Job with CloudNativePG). Takes the root context. */}}
{{- define "sesame.migrationsRun" -}}
{{- if .Values.migrations.enabled }}
{{- if not (include "sesame.cnpgEnabled" .) }}true
{{- else if .Capabilities.APIVersions.Has "postgresql.cnpg.io/v1/Cluster" }}
{{- if lookup "postgresql.cnpg.io/v1" "Cluster" .Release.Namespace (include "sesame.cnpgName" .) }}true{{ end }}
{{- end }}
{{- end }}
{{- end }}

{{/* A component's protocol, checked: grpc (a service) or http (the gateway). */}}
{{- define "sesame.protocol" -}}
{{- $protocol := .c.protocol | default "grpc" }}
{{- if not (has $protocol (list "grpc" "http")) }}
{{- fail (printf "components.%s.protocol must be grpc or http, not %q" .name $protocol) }}
{{- end }}
{{- $protocol }}
{{- end }}

{{/* A component's port: its `port`, else 50051 for gRPC and 8080 for HTTP. */}}
{{- define "sesame.port" -}}
{{- if .c.port }}
{{- .c.port | int }}
{{- else if eq (include "sesame.protocol" .) "grpc" }}
{{- 50051 }}
{{- else }}
{{- 8080 }}
{{- end }}
{{- end }}

{{/* repository:tag (or repository@digest); a component may override any field of `image`. */}}
{{- define "sesame.image" -}}
{{- $image := merge (deepCopy (.c.image | default dict)) (deepCopy .root.Values.image) }}
{{- if $image.digest }}
{{- printf "%s@%s" $image.repository $image.digest }}
{{- else }}
{{- printf "%s:%s" $image.repository (toString ($image.tag | default .root.Chart.AppVersion)) }}
{{- end }}
{{- end }}

{{- define "sesame.imagePullPolicy" -}}
{{- (.c.image).pullPolicy | default .root.Values.image.pullPolicy | default "IfNotPresent" }}
{{- end }}

{{/*
A component's environment, built from the values and from what it depends on:
- the listening address (GRPC_ADDR or HTTP_ADDR) from its port;
- <DEP>_GRPC_URL for each component in `dependsOn`, from that component's Service (AUTH_GRPC_URL ...);
- NATS_URL (and NATS_PREFIX) when `nats: true`: nats.url, or the release's nats Service when
  natsCluster.enabled;
- OTEL_EXPORTER_OTLP_ENDPOINT from telemetry.otlpEndpoint, OTEL_RESOURCE_ATTRIBUTES naming the
  component (service.name=<component>), the namespace, the pod and the node;
- defaults.env, then the component's `env` (which wins);
- each key of `secretEnv` from the Secret; DATABASE_URL from CloudNativePG's Secret (<cluster>-app, key
  `uri`) when postgresql.cnpg.enabled.
*/}}
{{- define "sesame.env" -}}
{{- $root := .root }}
{{- $c := .c }}
{{- $env := dict }}
{{- range $k, $v := $root.Values.defaults.env }}
{{- $_ := set $env $k $v }}
{{- end }}
{{- if eq (include "sesame.protocol" .) "grpc" }}
{{- $_ := set $env "GRPC_ADDR" (printf "0.0.0.0:%s" (include "sesame.port" .)) }}
{{- else }}
{{- $_ := set $env "HTTP_ADDR" (printf "0.0.0.0:%s" (include "sesame.port" .)) }}
{{- end }}
{{- if $root.Values.metrics.enabled }}
{{- $_ := set $env "METRICS_ADDR" (printf "0.0.0.0:%d" ($root.Values.metrics.port | int)) }}
{{- end }}
{{- range $dep := $c.dependsOn | default list }}
{{- $depValues := index $root.Values.components $dep }}
{{- if not $depValues }}
{{- fail (printf "components.%s.dependsOn names %q, which is not in components" $.name $dep) }}
{{- end }}
{{- $depCtx := dict "root" $root "name" $dep "c" $depValues }}
{{- $var := printf "%s_GRPC_URL" (upper $dep | replace "-" "_") }}
{{- $_ := set $env $var (printf "http://%s:%s" (include "sesame.componentName" $depCtx) (include "sesame.port" $depCtx)) }}
{{- end }}
{{- if $c.nats }}
{{- $_ := set $env "NATS_URL" (include "sesame.natsUrl" $root) }}
{{- with $root.Values.nats.prefix }}
{{- $_ := set $env "NATS_PREFIX" . }}
{{- end }}
{{- with $root.Values.nats.stream }}
{{- $_ := set $env "NATS_STREAM_MAX_AGE_DAYS" (.maxAgeDays | default 0 | int | toString) }}
{{- $_ := set $env "NATS_STREAM_MAX_BYTES" (.maxBytes | default 0 | int64 | toString) }}
{{- end }}
{{- $_ := set $env "NATS_STREAM_REPLICAS" (include "sesame.streamReplicas" $root) }}
{{- end }}
{{- with $root.Values.telemetry.otlpEndpoint }}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" (tpl . $root) }}
{{- end }}
{{- $attributes := list (printf "service.name=%s" .name) "service.namespace=sesame" (printf "service.version=%s" $root.Chart.AppVersion) "k8s.namespace.name=$(K8S_NAMESPACE)" "k8s.pod.name=$(K8S_POD_NAME)" "k8s.node.name=$(K8S_NODE_NAME)" }}
{{- range $k, $v := $root.Values.telemetry.resourceAttributes }}
{{- $attributes = append $attributes (printf "%s=%v" $k $v) }}
{{- end }}
{{- $_ := set $env "OTEL_RESOURCE_ATTRIBUTES" (join "," $attributes) }}
{{- range $k, $v := $c.env }}
{{- $_ := set $env $k $v }}
{{- end }}
{{- /* Referenced by OTEL_RESOURCE_ATTRIBUTES: they must come first. */ -}}
- name: K8S_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: K8S_NODE_NAME
  valueFrom:
    fieldRef:
      fieldPath: spec.nodeName
{{- range $k := keys $env | sortAlpha }}
{{- $v := index $env $k }}
{{- /* Numbers in values are floats: print 2097152, not 2.097152e+06. */}}
{{- if and (kindIs "float64" $v) (eq (float64 (int64 $v)) $v) }}
{{- $v = int64 $v }}
{{- end }}
- name: {{ $k }}
  value: {{ $v | toString | quote }}
{{- end }}
{{- range $key := $c.secretEnv | default list }}
{{- if not (hasKey $env $key) }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      {{- if and (eq $key "DATABASE_URL") (include "sesame.cnpgEnabled" $root) }}
      {{- /* Made by CloudNativePG for the database's owner: the primary's Service (-rw), its password. */}}
      name: {{ include "sesame.cnpgName" $root }}-app
      key: uri
      {{- else }}
      name: {{ include "sesame.secretName" $root }}
      key: {{ $key }}
      optional: {{ not (has $key $root.Values.secret.requiredKeys) }}
      {{- end }}
{{- end }}
{{- end }}
{{- end }}

{{/* Pod-level settings shared by a component's Deployment and its migration Job. */}}
{{- define "sesame.podCommon" -}}
{{- $root := .root }}
{{- $d := $root.Values.defaults -}}
# The services never call the Kubernetes API.
automountServiceAccountToken: false
# No <SERVICE>_PORT variables: the configuration is exactly the env below.
enableServiceLinks: false
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.serviceAccountName }}
serviceAccountName: {{ . }}
{{- end }}
{{- with (.c.priorityClassName | default $d.priorityClassName) }}
priorityClassName: {{ . }}
{{- end }}
securityContext:
  {{- toYaml (.c.podSecurityContext | default $d.podSecurityContext) | nindent 2 }}
{{- with (.c.nodeSelector | default $d.nodeSelector) }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with (.c.tolerations | default $d.tolerations) }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with (.c.affinity | default $d.affinity) }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* The container securityContext and the writable /tmp (a component's own size, or the default), shared by Deployments and Jobs. */}}
{{- define "sesame.containerSecurityContext" -}}
{{- toYaml (.c.securityContext | default .root.Values.defaults.securityContext) }}
{{- end }}

{{- define "sesame.tmpVolume" -}}
- name: tmp
  emptyDir:
    {{- with (.c.tmpSizeLimit | default .root.Values.defaults.tmpSizeLimit) }}
    sizeLimit: {{ . }}
    {{- else }}
    {}
    {{- end }}
{{- end }}
