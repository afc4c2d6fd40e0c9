{{/* The release's full name: the release name, with the chart's name added when it is not in it. */}}
{{- define "launchpad.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "launchpad.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* The labels Kubernetes recommends, on every object of the release. */}}
{{- define "launchpad.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "launchpad.selectorLabels" . }}
app.kubernetes.io/version: {{ include "launchpad.imageTag" . | quote }}
app.kubernetes.io/component: server
app.kubernetes.io/part-of: launchpad
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "launchpad.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion -}}
{{- end -}}

{{- define "launchpad.image" -}}
{{- printf "%s:%s" .Values.image.repository (include "launchpad.imageTag" .) -}}
{{- end -}}

{{- define "launchpad.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- .Values.serviceAccount.name | default (include "launchpad.fullname" .) -}}
{{- else -}}
{{- .Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/* The Secret the pods read: the operator's own, or the one this chart makes. */}}
{{- define "launchpad.secretName" -}}
{{- .Values.existingSecret | default (include "launchpad.fullname" .) -}}
{{- end -}}

{{- define "launchpad.port" -}}
{{- .Values.env.PORT | default "3000" -}}
{{- end -}}

{{/* METRICS_TOKEN: generated on the first install and read back from the Secret on every upgrade. */}}
{{- define "launchpad.metricsToken" -}}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (include "launchpad.fullname" .) -}}
{{- if and $existing $existing.data $existing.data.METRICS_TOKEN -}}
{{- $existing.data.METRICS_TOKEN | b64dec -}}
{{- else -}}
{{- .Values.secretEnv.METRICS_TOKEN | default (randAlphaNum 32) -}}
{{- end -}}
{{- end -}}
