module auction/tools/fanout-sub

go 1.24.0

require (
	github.com/eclipse/paho.mqtt.golang v1.5.1
	github.com/gorilla/websocket v1.5.3
)
